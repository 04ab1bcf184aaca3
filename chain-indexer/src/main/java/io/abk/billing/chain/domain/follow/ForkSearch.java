package io.abk.billing.chain.domain.follow;

import java.util.List;

/** The answer of {@link BlockWindow#forkPoint}: where the stored chain and the canonical one part. */
public sealed interface ForkSearch {

    /**
     * The newest window block that is still canonical; {@code orphaned} are the window's blocks above it, oldest
     * first, which are no longer on the chain.
     */
    record Found(BlockRef forkPoint, List<BlockRef> orphaned) implements ForkSearch {

        public Found {
            orphaned = List.copyOf(orphaned);
        }

        public int depth() {
            return orphaned.size();
        }
    }

    /**
     * No block of the window is canonical any more: the chain was rewritten below the oldest block the follower
     * remembers, so it cannot know what to retract. Fatal: the follower stops and says so, it never guesses.
     */
    record BeyondWindow(long oldest, long tip) implements ForkSearch {

        public String message() {
            return "reorg deeper than the window: none of blocks " + oldest + ".." + tip
                    + " is canonical any more; the follower cannot tell what to retract and stops"
                    + " (raise windowSize, or check that the RPC URLs name the same chain)";
        }
    }
}
