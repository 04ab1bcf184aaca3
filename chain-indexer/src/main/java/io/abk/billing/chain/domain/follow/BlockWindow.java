package io.abk.billing.chain.domain.follow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The last {@code capacity} confirmed blocks the follower read, oldest first, each the parent of the next. A new
 * range must continue the tip ({@link #check}); when it does not, {@link #forkPoint} finds the newest block still
 * canonical. A reorg below the oldest block is beyond what the window can answer.
 */
public final class BlockWindow {

    private final int capacity;
    private final List<BlockRef> blocks;

    private BlockWindow(int capacity, List<BlockRef> blocks) {
        if (capacity < 1) {
            throw new IllegalArgumentException("window capacity must be at least 1, was " + capacity);
        }
        if (blocks.size() > capacity) {
            throw new IllegalArgumentException("window holds at most " + capacity + " blocks, got " + blocks.size());
        }
        for (int i = 1; i < blocks.size(); i++) {
            if (!blocks.get(i - 1).isParentOf(blocks.get(i))) {
                throw new IllegalArgumentException(
                        "window blocks must link: " + blocks.get(i - 1) + " -> " + blocks.get(i));
            }
        }
        this.capacity = capacity;
        this.blocks = List.copyOf(blocks);
    }

    public static BlockWindow empty(int capacity) {
        return new BlockWindow(capacity, List.of());
    }

    /** A window restored from its stored blocks, oldest first. */
    public static BlockWindow of(int capacity, List<BlockRef> blocks) {
        return new BlockWindow(capacity, blocks);
    }

    public List<BlockRef> blocks() {
        return blocks;
    }

    public int capacity() {
        return capacity;
    }

    public Optional<BlockRef> tip() {
        return blocks.isEmpty() ? Optional.empty() : Optional.of(blocks.getLast());
    }

    public Optional<BlockRef> block(long number) {
        if (blocks.isEmpty()
                || number < blocks.getFirst().number()
                || number > blocks.getLast().number()) {
            return Optional.empty();
        }
        return Optional.of(blocks.get((int) (number - blocks.getFirst().number())));
    }

    /** Whether {@code range} (consecutive headers, oldest first) continues this window. */
    public WindowCheck check(List<BlockRef> range) {
        for (int i = 1; i < range.size(); i++) {
            if (!range.get(i - 1).isParentOf(range.get(i))) {
                return new WindowCheck.Torn(range.get(i).number());
            }
        }
        if (range.isEmpty() || blocks.isEmpty()) {
            return new WindowCheck.Links();
        }
        var tip = blocks.getLast();
        var first = range.getFirst();
        if (first.number() != tip.number() + 1) {
            throw new IllegalArgumentException("range must start right after the tip " + tip + ", starts at " + first);
        }
        return tip.isParentOf(first) ? new WindowCheck.Links() : new WindowCheck.Fork(tip, first);
    }

    /** This window with {@code range} appended (it must {@link #check} as linking) and the oldest blocks dropped. */
    public Extension extend(List<BlockRef> range) {
        if (!(check(range) instanceof WindowCheck.Links)) {
            throw new IllegalArgumentException("range does not continue the window: " + check(range));
        }
        var all = new ArrayList<>(blocks);
        all.addAll(range);
        int drop = Math.max(0, all.size() - capacity);
        return new Extension(
                new BlockWindow(capacity, all.subList(drop, all.size())), List.copyOf(all.subList(0, drop)));
    }

    /** A window extended by a range, and the blocks that left it (oldest first). */
    public record Extension(BlockWindow window, List<BlockRef> evicted) {}

    /**
     * Walks back from the tip to the first block whose stored hash equals the canonical hash of its number
     * ({@code canonical}; a number missing from it is a block the chain no longer has).
     */
    public ForkSearch forkPoint(Map<Long, String> canonical) {
        if (blocks.isEmpty()) {
            throw new IllegalStateException("an empty window has no fork point");
        }
        for (int i = blocks.size() - 1; i >= 0; i--) {
            var stored = blocks.get(i);
            if (stored.hash().equals(canonical.get(stored.number()))) {
                return new ForkSearch.Found(stored, blocks.subList(i + 1, blocks.size()));
            }
        }
        return new ForkSearch.BeyondWindow(
                blocks.getFirst().number(), blocks.getLast().number());
    }

    /** The window without the blocks above {@code number}. */
    public BlockWindow rewindTo(long number) {
        return new BlockWindow(
                capacity,
                blocks.stream().filter(block -> block.number() <= number).toList());
    }

    @Override
    public String toString() {
        return blocks.isEmpty() ? "BlockWindow[]" : "BlockWindow[" + blocks.getFirst() + ".." + blocks.getLast() + "]";
    }
}
