/** One delivery attempt: endpoint lookup, signing, the HTTP POST, the delivery log and the endpoint's health. */
@NullMarked
package io.abk.billing.webhooks.attempt;

import org.jspecify.annotations.NullMarked;
