package io.abk.billing.chain.supervise;

import io.abk.billing.opskit.http.Health;
import java.util.LinkedHashMap;

/**
 * What runs of a held chain in this replica: its follower, its relayer, and how many blocks the follower is behind
 * the chain's head ({@code lagBlocks}: its depth included; 0 while it does not run).
 */
public record ChainStatus(long chainId, WorkerStatus follower, WorkerStatus relayer, long lagBlocks) {

    /** The name of the chain's health component. */
    public static String componentName(long chainId) {
        return "chain-" + chainId;
    }

    /** Up while both workers run; down with each stopped worker's reason. */
    public Health health() {
        var details = new LinkedHashMap<String, String>();
        details.put("follower", follower.describe());
        details.put("relayer", relayer.describe());
        details.put("lagBlocks", Long.toString(lagBlocks));
        details.put("followerRestarts", Integer.toString(follower.restarts()));
        details.put("relayerRestarts", Integer.toString(relayer.restarts()));
        return follower.running() && relayer.running() ? Health.up(details) : Health.down(details);
    }
}
