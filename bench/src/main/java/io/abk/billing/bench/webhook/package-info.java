/** The webhook delivery throughput phase: events produced straight onto billing.events, counted at a local receiver. */
@NullMarked
package io.abk.billing.bench.webhook;

import org.jspecify.annotations.NullMarked;
