/**
 * The customer aggregate: its adapter for the shared command processor ({@code CustomerAdapter}: decide, then route
 * the change and the {@code customer.*} events), the mappers between the Avro records and the domain's, and the
 * {@code EnsureCustomer} command the subscription and payment aggregates send when they learn a customer's wallet.
 * The pure rules are in the {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.customer;

import org.jspecify.annotations.NullMarked;
