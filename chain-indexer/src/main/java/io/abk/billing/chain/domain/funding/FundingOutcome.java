package io.abk.billing.chain.domain.funding;

import org.jspecify.annotations.Nullable;

/**
 * The answer to a funding check: figures read ({@link Checked}), a chain that could not be read ({@link Unchecked}),
 * or {@link Relayed}: the relayer of the mode's chain reads it and answers.
 */
public sealed interface FundingOutcome {

    /**
     * What was read, in micro-USDC capped at {@link Long#MAX_VALUE}; a null figure was not read (the sandbox simulates
     * only what it names). {@code chargesLeft}: a signed mandate's periods not charged yet, null without a limit or
     * without a vault subscription; {@code blockNumber}: the block read, null in the sandbox.
     */
    record Checked(
            @Nullable Long balanceMicros,
            @Nullable Long allowanceMicros,
            @Nullable Long chargesLeft,
            @Nullable Long blockNumber)
            implements FundingOutcome {}

    /** The chain could not be read; {@code message} says why in a sentence. */
    record Unchecked(String message) implements FundingOutcome {}

    /** The relayer of the mode's chain reads the figures and answers. */
    record Relayed() implements FundingOutcome {}
}
