/**
 * The merchant routes of customers (one wallet within a merchant and mode): create, get, list and update, sent as
 * commands to the customer's own aggregate and read from the read model; and the customer a subscription or payment
 * names by {@code customerId} instead of its wallet.
 */
@NullMarked
package io.abk.billing.gateway.api.customer;

import org.jspecify.annotations.NullMarked;
