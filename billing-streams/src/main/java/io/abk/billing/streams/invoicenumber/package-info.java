/**
 * The invoice numbering: the single writer of each merchant's invoice numbers in a mode, which numbers every invoice
 * the subscription aggregate makes and sends the number back to it ({@code InvoiceNumberProcessor}). The pure
 * sequence rule is in the {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.invoicenumber;

import org.jspecify.annotations.NullMarked;
