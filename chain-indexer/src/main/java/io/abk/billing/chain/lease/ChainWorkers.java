package io.abk.billing.chain.lease;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.supervise.LeaseCheck;
import io.abk.billing.chain.supervise.RunningChain;
import java.time.Duration;

/** What runs for one chain while this replica holds the chain's lease. */
public interface ChainWorkers {

    /**
     * Starts {@code chain}'s workers; closing what it returns stops them and returns once they have stopped. A worker
     * may be started again only while {@code lease} says the lease is held.
     */
    RunningChain start(ChainSettings chain, LeaseCheck lease);

    /** The longest closing {@code chain}'s workers may take: the lease must not move before they have stopped. */
    Duration closeBound(ChainSettings chain);
}
