package io.abk.billing.chain.supervise;

import java.util.concurrent.CompletableFuture;

/**
 * Asks the group coordinator whether this replica holds a chain's lease at this moment, not what the replica last
 * heard: a replica that stood still past its session may still believe it holds a lease the group gave away.
 */
@FunctionalInterface
public interface LeaseCheck {

    /** Completes with the coordinator's answer for {@code chainId}'s lease; never completes exceptionally. */
    CompletableFuture<Answer> check(long chainId);

    enum Answer {
        /** This member owns the lease's partition in the group's current generation. */
        HELD,
        /** The group no longer counts this member, or the partition is not its own: another replica may hold it. */
        LOST,
        /** The coordinator could not be asked (unreachable, rebalancing, the check timed out): ask again later. */
        UNKNOWN
    }
}
