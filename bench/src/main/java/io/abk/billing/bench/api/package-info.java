/**
 * The bench's calls to the platform's HTTP API outside the measured workloads: merchants and keys through the
 * admin API, test clocks, webhook endpoints and the pool of subscriptions a read workload reads.
 */
@NullMarked
package io.abk.billing.bench.api;

import org.jspecify.annotations.NullMarked;
