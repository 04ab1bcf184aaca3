/**
 * The one-time payment aggregate: its adapter for the shared command processor ({@code PaymentAdapter}: decide, then
 * route the change, the {@code payment.*} events, the verification requests on {@code chain.requests}, the
 * conversions reported to payment links and the watched payout addresses), and the mappers between the Avro records
 * and the domain's. The pure rules are in the {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.payment;

import org.jspecify.annotations.NullMarked;
