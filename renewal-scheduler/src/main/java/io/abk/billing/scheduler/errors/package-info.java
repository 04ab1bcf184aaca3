/**
 * What happens to a record renewal-scheduler cannot handle: it is logged at ERROR with where it came from and
 * skipped, its offset committed. A missed change only delays an item until the resource's next change, while a
 * stopped task would stop every renewal of its partition. A failing stream thread is streams-kit's concern.
 */
@NullMarked
package io.abk.billing.scheduler.errors;

import org.jspecify.annotations.NullMarked;
