package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.BlockWindow;
import io.abk.billing.schemas.avro.ChainTransfer;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * What the follower knows after its last committed transaction: the next block to read, the window of confirmed
 * blocks, and what it published from those of them that had logs (to retract them if they are reorged out).
 */
record FollowerState(long nextBlock, BlockWindow window, NavigableMap<Long, PublishedBlock> published) {

    FollowerState {
        published = Collections.unmodifiableNavigableMap(new TreeMap<>(published));
    }

    static FollowerState fresh(long startBlock, int windowSize) {
        return new FollowerState(startBlock, BlockWindow.empty(windowSize), new TreeMap<>());
    }

    /** The records published per block, for {@link io.abk.billing.chain.domain.follow.Retractions#plan}. */
    NavigableMap<Long, List<ChainTransfer>> recordsByBlock() {
        var records = new TreeMap<Long, List<ChainTransfer>>();
        published.forEach((number, block) -> records.put(number, block.records()));
        return records;
    }

    /** The records published from one block, stored in {@code parts} checkpoint records. */
    record PublishedBlock(long number, String hash, List<ChainTransfer> records, int parts) {

        PublishedBlock {
            records = List.copyOf(records);
        }
    }
}
