package io.abk.billing.chain.domain.follow;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;

/**
 * What a reorg takes back: every record published for a block above the fork point, newest block first and, within
 * a block, last log first, so a reader that undoes them one by one unwinds the chain in the order it was built.
 */
public final class Retractions {

    private Retractions() {}

    /** {@code publishedByBlock}: the records published per block number, each block's in log order. */
    public static <T> List<T> plan(NavigableMap<Long, List<T>> publishedByBlock, long forkPoint) {
        var retract = new ArrayList<T>();
        for (var block :
                publishedByBlock.tailMap(forkPoint, false).descendingMap().values()) {
            retract.addAll(block.reversed());
        }
        return retract;
    }
}
