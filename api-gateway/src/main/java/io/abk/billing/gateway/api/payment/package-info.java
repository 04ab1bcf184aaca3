/**
 * The merchant routes of one-time payments: create (validated, its amount resolved from the request or a one-time
 * catalog price, sent as a command and answered from its outcome), get and list from the read model; and the
 * amount rule payment links share ({@link io.abk.billing.gateway.api.payment.OneTimeAmount}).
 */
@NullMarked
package io.abk.billing.gateway.api.payment;

import org.jspecify.annotations.NullMarked;
