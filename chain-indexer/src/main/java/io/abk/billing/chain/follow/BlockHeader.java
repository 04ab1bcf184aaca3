package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.BlockRef;

/** What the follower needs of a block: its place in the chain and its timestamp (seconds, as the chain keeps it). */
public record BlockHeader(long number, String hash, String parentHash, long timestampSeconds) {

    public BlockRef ref() {
        return new BlockRef(number, hash, parentHash);
    }
}
