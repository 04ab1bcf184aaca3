/**
 * The payment link aggregate: its adapter for the shared command processor ({@code PaymentLinkAdapter}: decide, then
 * route the change and the payments an open mints, as {@code CreatePayment} commands on
 * {@code billing.payment-commands}), and the mappers between the Avro records and the domain's. The pure rules are in
 * the {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.paymentlink;

import org.jspecify.annotations.NullMarked;
