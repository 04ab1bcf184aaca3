package io.abk.billing.chain.lease;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.follow.ChainFollower;
import io.abk.billing.chain.follow.FollowerPlan;
import io.abk.billing.chain.follow.FollowerSettings;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.chain.supervise.ChainSupervisor;
import io.abk.billing.chain.supervise.LeaseCheck;
import io.abk.billing.chain.supervise.RunningChain;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A chain's workers in production: its {@link Relayer}, which signs with the chain's one relayer key, and its
 * {@link ChainFollower}, which publishes under the chain's one transactional id, under a {@link ChainSupervisor} that
 * starts either again when it stops by itself while the lease is held. Each may run once per chain, which is why they
 * run only where the chain's lease is held.
 */
final class RelayerAndFollower implements ChainWorkers {

    private final ChainIndexerSettings config;
    private final Map<Long, FollowerSettings> plans;

    /** Each chain's follower as {@code plans} say (the tests' own windows); {@link #of} plans them from the chains. */
    RelayerAndFollower(ChainIndexerSettings config, Map<Long, FollowerSettings> plans) {
        this.config = config;
        this.plans = plans;
    }

    /**
     * Plans each chain's follower at the replica's start, not at a takeover: without a configured start block the
     * plan reads the chain's confirmed head (used only while the chain has no checkpoint), so an unreachable chain
     * fails the start, with a message that names its variables, instead of a takeover minutes later.
     */
    static RelayerAndFollower of(ChainIndexerSettings config, List<ChainSettings> chains) {
        // The config's own check keeps the two modes' chain ids apart.
        return new RelayerAndFollower(
                config,
                chains.stream().collect(Collectors.toUnmodifiableMap(ChainSettings::chainId, FollowerPlan::of)));
    }

    @Override
    public RunningChain start(ChainSettings chain, LeaseCheck lease) {
        var plan = plans.get(chain.chainId());
        if (plan == null) {
            throw new IllegalArgumentException("chain " + chain.chainId() + " was not planned at start");
        }
        return ChainSupervisor.start(
                chain,
                lease,
                () -> {
                    var follower = ChainFollower.create(
                            plan, config.bootstrapServers(), config.kafkaSecurity(), config.deployment());
                    follower.start();
                    return follower;
                },
                () -> Relayer.start(config, chain),
                closeBound(chain));
    }

    @Override
    public Duration closeBound(ChainSettings chain) {
        return Relayer.CLOSE_BOUND.plus(ChainFollower.CLOSE_BOUND).plus(ChainSupervisor.CLOSE_MARGIN);
    }
}
