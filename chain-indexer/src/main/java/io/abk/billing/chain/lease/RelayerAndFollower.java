package io.abk.billing.chain.lease;

import io.abk.billing.chain.ChainIndexerConfig;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.follow.ChainFollower;
import io.abk.billing.chain.follow.FollowerPlan;
import io.abk.billing.chain.follow.FollowerSettings;
import io.abk.billing.chain.relay.Relayer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A chain's workers in production: its {@link Relayer}, which signs with the chain's one relayer key, and its
 * {@link ChainFollower}, which publishes under the chain's one transactional id. Each may run once per chain, which is
 * why they run only where the chain's lease is held.
 */
final class RelayerAndFollower implements ChainWorkers {

    private final ChainIndexerConfig config;
    private final Map<Long, FollowerSettings> plans;

    private RelayerAndFollower(ChainIndexerConfig config, Map<Long, FollowerSettings> plans) {
        this.config = config;
        this.plans = plans;
    }

    /**
     * Plans each chain's follower at the replica's start, not at a takeover: without a configured start block the
     * plan reads the chain's confirmed head (used only while the chain has no checkpoint), so an unreachable chain
     * fails the start, with a message that names its variables, instead of a takeover minutes later.
     */
    static RelayerAndFollower of(ChainIndexerConfig config, List<ChainSettings> chains) {
        // The config's own check keeps the two modes' chain ids apart.
        return new RelayerAndFollower(
                config,
                chains.stream().collect(Collectors.toUnmodifiableMap(ChainSettings::chainId, FollowerPlan::of)));
    }

    @Override
    public AutoCloseable start(ChainSettings chain) {
        var plan = plans.get(chain.chainId());
        if (plan == null) {
            throw new IllegalArgumentException("chain " + chain.chainId() + " was not planned at start");
        }
        var relayer = Relayer.start(config, chain);
        try {
            var follower = ChainFollower.create(plan, config.bootstrapServers(), config.kafkaSecurity());
            follower.start();
            return new Running(relayer, follower);
        } catch (RuntimeException e) {
            relayer.close();
            throw e;
        }
    }

    @Override
    public Duration closeBound(ChainSettings chain) {
        return Relayer.closeBound(chain).plus(ChainFollower.CLOSE_BOUND);
    }

    private record Running(Relayer relayer, ChainFollower follower) implements AutoCloseable {

        @Override
        public void close() {
            follower.close();
            relayer.close();
        }
    }
}
