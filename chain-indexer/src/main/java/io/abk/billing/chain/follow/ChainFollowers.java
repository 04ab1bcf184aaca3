package io.abk.billing.chain.follow;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@link ChainFollower} per configured chain, sharing one reader of the watch list. {@link #start} starts them
 * all; {@link #close} stops them, then the reader.
 */
public final class ChainFollowers implements AutoCloseable {

    private final WatchedAddresses watched;
    private final List<ChainFollower> followers;

    private ChainFollowers(WatchedAddresses watched, List<ChainFollower> followers) {
        this.watched = watched;
        this.followers = followers;
    }

    /** Starts a follower for each of {@code chains} (distinct chain ids) against the Kafka at {@code bootstrapServers}. */
    public static ChainFollowers start(List<FollowerSettings> chains, String bootstrapServers) {
        if (chains.stream().map(FollowerSettings::chainId).distinct().count() != chains.size()) {
            throw new IllegalArgumentException("each chain may be followed once: chain ids must be distinct");
        }
        var watched = WatchedAddresses.start(bootstrapServers, "chain-indexer-watched-addresses");
        var followers = new ArrayList<ChainFollower>();
        for (var chain : chains) {
            var follower = ChainFollower.create(chain, bootstrapServers, watched);
            follower.start();
            followers.add(follower);
        }
        return new ChainFollowers(watched, List.copyOf(followers));
    }

    public List<ChainFollower> followers() {
        return followers;
    }

    @Override
    public void close() {
        followers.forEach(ChainFollower::close);
        watched.close();
    }
}
