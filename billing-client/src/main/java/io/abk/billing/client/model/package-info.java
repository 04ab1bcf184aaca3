/**
 * The API's objects as immutable records: amounts as {@link java.math.BigDecimal}, instants as
 * {@link java.time.Instant}; fields the library does not know are ignored.
 */
@NullMarked
package io.abk.billing.client.model;

import org.jspecify.annotations.NullMarked;
