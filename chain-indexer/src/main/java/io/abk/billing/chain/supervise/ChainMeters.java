package io.abk.billing.chain.supervise;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * The chain gauges of a replica, one series per configured chain whether its lease is held here or not:
 * {@code billing_chain_follower_running{chainId}}, 1 while this replica runs the chain's follower, else 0; and
 * {@code billing_chain_follower_lag_blocks{chainId}}, the follower's lag behind the chain's head in blocks (its
 * confirmation depth included), 0 where it does not run. Across replicas exactly one series of a chain is 1 while its
 * chain is followed. Removed from the registry on close, so a replica started again in the same JVM registers anew.
 */
public final class ChainMeters implements AutoCloseable {

    private final MeterRegistry registry;
    private final List<Meter> meters;

    private ChainMeters(MeterRegistry registry, List<Meter> meters) {
        this.registry = registry;
        this.meters = meters;
    }

    /** Registers the gauges of {@code chainIds}, read from {@code statusOf} (empty: the lease is not held here). */
    public static ChainMeters register(
            MeterRegistry registry, Collection<Long> chainIds, LongFunction<Optional<ChainStatus>> statusOf) {
        var meters = new ArrayList<Meter>();
        for (long chainId : chainIds) {
            var id = Long.toString(chainId);
            meters.add(Gauge.builder(
                            "billing.chain.follower.running",
                            statusOf,
                            of -> of.apply(chainId)
                                    .filter(status -> status.follower().running())
                                    .map(status -> 1.0)
                                    .orElse(0.0))
                    .description("1 while this replica runs the chain's follower")
                    .tags("service", "chain-indexer", "chainId", id)
                    .strongReference(true)
                    .register(registry));
            meters.add(Gauge.builder(
                            "billing.chain.follower.lag.blocks",
                            statusOf,
                            of -> of.apply(chainId)
                                    .map(status -> (double) status.lagBlocks())
                                    .orElse(0.0))
                    .description("blocks between the chain's head and the next block the follower publishes")
                    .tags("service", "chain-indexer", "chainId", id)
                    .strongReference(true)
                    .register(registry));
        }
        return new ChainMeters(registry, List.copyOf(meters));
    }

    @Override
    public void close() {
        meters.forEach(registry::remove);
    }
}
