package io.abk.billing.chain.domain.follow;

/** How a range of newly read headers fits the window ({@link BlockWindow#check}). */
public sealed interface WindowCheck {

    /** The range continues the window's tip and links within itself. */
    record Links() implements WindowCheck {}

    /** The first block of the range does not name the window's tip as its parent: the chain was reorged. */
    record Fork(BlockRef tip, BlockRef first) implements WindowCheck {}

    /**
     * The range does not link within itself, or skips numbers: the node answered from two versions of the chain
     * (a reorg while it answered). Read the range again.
     */
    record Torn(long atBlock) implements WindowCheck {}
}
