/**
 * The subscription aggregate (with its invoices): its adapter for the shared command processor
 * ({@code SubscriptionAdapter}), the mappers between the Avro records on the wire and the domain's records, and the
 * store its settled invoices move to so the aggregate stays small. The pure rules are in the {@code domain}
 * subpackage.
 */
@NullMarked
package io.abk.billing.streams.subscription;

import org.jspecify.annotations.NullMarked;
