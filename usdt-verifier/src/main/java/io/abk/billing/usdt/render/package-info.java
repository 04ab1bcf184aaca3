/**
 * The JSON of the companion interface's intents, verification reports and payment.confirmed events: one renderer
 * for the API's answers and the webhook bodies, so both say the same.
 */
@NullMarked
package io.abk.billing.usdt.render;

import org.jspecify.annotations.NullMarked;
