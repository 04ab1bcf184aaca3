/** How load is offered: at a fixed rate (open loop, latency from the intended start) or by N clients (closed loop). */
@NullMarked
package io.abk.billing.bench.load;

import org.jspecify.annotations.NullMarked;
