/**
 * The domain types every aggregate shares (subscriptions, payments and payment links): whose data an aggregate is, its
 * merchant and mode (the mode is the {@code Mode} of the schemas module), the shape of an existing aggregate's
 * state (its statuses sharing its details), how a command's events are applied in order, and how an update merges
 * metadata. Pure Java.
 */
@NullMarked
package io.abk.billing.streams.shared.domain;

import org.jspecify.annotations.NullMarked;
