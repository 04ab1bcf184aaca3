package io.abk.billing.webhooks.delivery;

import java.util.TreeSet;

/**
 * Out-of-order completion, in-order commits, for one partition of one consumer: attempts finish in any order, and
 * the offset to commit is the lowest one still in flight (or the next one to read when none is). A record is never
 * committed before it is settled, so a crash redelivers it rather than losing it. Used by the consumer's thread only.
 */
final class PartitionOffsets {

    private final TreeSet<Long> inFlight = new TreeSet<>();
    /** The offset of the next record not started yet; -1 before the first. */
    private long next = -1;

    private long committed = -1;
    /** The lowest offset given up on without settling (stopping); commits never pass it. */
    private long floor = Long.MAX_VALUE;

    void started(long offset) {
        inFlight.add(offset);
        next = Math.max(next, offset + 1);
    }

    /** The partition was sought back to {@code offset} (a record not due yet): nothing from there on is started. */
    void rewoundTo(long offset) {
        next = offset;
    }

    void settled(long offset) {
        inFlight.remove(offset);
    }

    /** The record will not be settled by this consumer (it is stopping): no longer waited for, never committed past. */
    void abandoned(long offset) {
        inFlight.remove(offset);
        floor = Math.min(floor, offset);
    }

    int inFlight() {
        return inFlight.size();
    }

    /** The offset to commit if it moved since the last commit, else -1. */
    long toCommit() {
        long position = Math.min(inFlight.isEmpty() ? next : inFlight.first(), floor);
        return position > committed ? position : -1;
    }

    void committed(long offset) {
        committed = Math.max(committed, offset);
    }
}
