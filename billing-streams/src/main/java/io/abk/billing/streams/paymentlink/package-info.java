/**
 * The Kafka adapter of the payment link aggregate: its handler for the shared command processor (decide, then route
 * the change and the payments an open mints, as {@code CreatePayment} commands on {@code billing.payment-commands}),
 * and the mappers between the Avro records and the domain's.
 */
@NullMarked
package io.abk.billing.streams.paymentlink;

import org.jspecify.annotations.NullMarked;
