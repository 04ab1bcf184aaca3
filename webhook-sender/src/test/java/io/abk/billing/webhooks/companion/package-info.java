/** Tests of the companion's webhooks. */
@NullMarked
package io.abk.billing.webhooks.companion;

import org.jspecify.annotations.NullMarked;
