/**
 * The usage processor's rules as pure Java: what a customer's tracked subscriptions count, in which period an event
 * counts, how sum, count and max aggregate, and what a period's close records ({@code CustomerUsageRules}).
 */
@NullMarked
package io.abk.billing.streams.usage.domain;

import org.jspecify.annotations.NullMarked;
