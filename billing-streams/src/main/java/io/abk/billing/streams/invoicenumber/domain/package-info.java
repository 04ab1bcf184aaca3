/** A merchant's invoice number sequence in a mode, as a pure value: the next number, a new prefix. */
@NullMarked
package io.abk.billing.streams.invoicenumber.domain;

import org.jspecify.annotations.NullMarked;
