/**
 * The merchant routes of payment links: create (validated, amount from the request or a one-time price, sent as
 * a command to the link's own aggregate), get and list from the read model, and disable. Customers open links
 * through checkout.
 */
@NullMarked
package io.abk.billing.gateway.api.paymentlink;

import org.jspecify.annotations.NullMarked;
