/**
 * Reads of the read model that the projector keeps in PostgreSQL: subscriptions and invoices as the API renders
 * them, always scoped by merchant and mode (checkout alone looks a subscription up by its id), and what a
 * command's recorded outcomes say about the resources it changed.
 */
@NullMarked
package io.abk.billing.gateway.readmodel;

import org.jspecify.annotations.NullMarked;
