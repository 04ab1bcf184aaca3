/**
 * Whose data an aggregate is (merchant and mode), shared by every aggregate's domain: subscriptions, payments and
 * payment links. Pure Java.
 */
@NullMarked
package io.abk.billing.streams.domain.tenant;

import org.jspecify.annotations.NullMarked;
