/**
 * Whose data an aggregate is (merchant and mode; the mode is the shared {@code io.abk.billing.schemas.mode.Mode}),
 * shared by every aggregate's domain: subscriptions, payments and payment links. Pure Java.
 */
@NullMarked
package io.abk.billing.streams.domain.tenant;

import org.jspecify.annotations.NullMarked;
