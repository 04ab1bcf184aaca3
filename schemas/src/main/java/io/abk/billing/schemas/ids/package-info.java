/** Resource id formats: a type prefix plus a random, URL-safe, time-sortable part. */
@NullMarked
package io.abk.billing.schemas.ids;

import org.jspecify.annotations.NullMarked;
