package io.abk.billing.chain.domain.follow;

import io.abk.billing.contracts.EvmHex;

/** One block as the follower remembers it: number, hash and parent hash (lower-case 0x hex). */
public record BlockRef(long number, String hash, String parentHash) {

    public BlockRef {
        if (number < 0) {
            throw new IllegalArgumentException("block number must not be negative, was " + number);
        }
        hash = EvmHex.word(hash, "hash");
        parentHash = EvmHex.word(parentHash, "parentHash");
    }

    /** Whether {@code next} is this block's child: the next number, naming this block as its parent. */
    public boolean isParentOf(BlockRef next) {
        return next.number == number + 1 && next.parentHash.equals(hash);
    }

    @Override
    public String toString() {
        return number + ":" + hash.substring(0, 10);
    }
}
