package io.abk.billing.chain.domain.follow;

/**
 * How many blocks one {@code eth_getLogs} call asks for. Providers refuse ranges or results past their own limits
 * (a block span, a log count, a response size) and answer slowly near them, and those limits differ per provider
 * and per chain, so the size is learned: it doubles after a fast answer with few logs, and halves when the
 * provider refuses the range or the call times out, always within {@code [min, max]}.
 */
public record AdaptiveRange(int min, int max, int size) {

    /**
     * An answer faster than this is cheap for the provider: asking for twice the blocks is still well inside
     * a 10 s call timeout.
     */
    public static final long FAST_ANSWER_MILLIS = 1_000;
    /**
     * Public providers cap one answer at 10,000 logs (Alchemy, Infura) or less; a quarter of that leaves room to
     * double the range without reaching the cap.
     */
    public static final int FEW_LOGS = 2_500;

    public AdaptiveRange {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("range bounds must satisfy 1 <= min <= max, were " + min + ", " + max);
        }
        size = Math.clamp(size, min, max);
    }

    /** Starts at {@code initial} blocks, clamped to the bounds. */
    public static AdaptiveRange start(int min, int max, int initial) {
        return new AdaptiveRange(min, max, initial);
    }

    /** The range after an answer that took {@code millis} and returned {@code logs} logs. */
    public AdaptiveRange afterAnswer(long millis, int logs) {
        if (millis < FAST_ANSWER_MILLIS && logs < FEW_LOGS) {
            return new AdaptiveRange(min, max, (int) Math.min((long) size * 2, max));
        }
        return this;
    }

    /** The range after the provider refused it as too large (blocks, logs or bytes) or did not answer in time. */
    public AdaptiveRange afterRefusal() {
        return new AdaptiveRange(min, max, Math.max(size / 2, min));
    }

    /** Whether a refusal can still be answered by asking for less. */
    public boolean canShrink() {
        return size > min;
    }

    /** The last block of the range that starts at {@code from}, never past {@code tip}. */
    public long end(long from, long tip) {
        return Math.min(tip, from + size - 1);
    }
}
