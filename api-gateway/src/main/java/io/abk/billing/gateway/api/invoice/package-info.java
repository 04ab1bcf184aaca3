/**
 * The merchant routes of invoices: get and list from the read model, and charge, refund and void, each sent as
 * a command to the invoice's subscription aggregate and answered once settled (docs/architecture.md, "Invoice").
 */
@NullMarked
package io.abk.billing.gateway.api.invoice;

import org.jspecify.annotations.NullMarked;
