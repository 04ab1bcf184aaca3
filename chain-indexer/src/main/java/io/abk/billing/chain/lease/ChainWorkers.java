package io.abk.billing.chain.lease;

import io.abk.billing.chain.config.ChainSettings;
import java.time.Duration;

/** What runs for one chain while this replica holds the chain's lease. */
public interface ChainWorkers {

    /** Starts {@code chain}'s workers; closing what it returns stops them and returns once they have stopped. */
    AutoCloseable start(ChainSettings chain);

    /** The longest closing {@code chain}'s workers may take: the lease must not move before they have stopped. */
    Duration closeBound(ChainSettings chain);
}
