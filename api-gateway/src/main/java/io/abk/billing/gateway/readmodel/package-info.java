/**
 * Reads of the read model that the projector keeps in PostgreSQL: subscriptions, invoices, payments and payment
 * links as the API renders them, always scoped by merchant and mode (checkout alone looks a resource up by its
 * id), payments and links shown as at the mode's now (the expiry display rule), and what a command's recorded
 * outcomes say about the resources it changed. How the projector keeps it is {@code readmodel.projection}.
 */
@NullMarked
package io.abk.billing.gateway.readmodel;

import org.jspecify.annotations.NullMarked;
