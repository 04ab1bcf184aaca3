/**
 * The usage processor: counts each customer's meter events for the metered items of their subscriptions, drops a
 * repeated identifier, answers a period's close with the subscription's {@code RecordUsage} and writes the
 * subscriptions' usage summaries ({@code UsageProcessor}, wired by {@code UsageNodes}). The pure rules are in the
 * {@code domain} subpackage.
 */
@NullMarked
package io.abk.billing.streams.usage;

import org.jspecify.annotations.NullMarked;
