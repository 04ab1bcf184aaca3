/** What one operation is: an HTTP create, a Kafka produce-and-consume round trip, a PostgreSQL insert. */
@NullMarked
package io.abk.billing.bench.workload;

import org.jspecify.annotations.NullMarked;
