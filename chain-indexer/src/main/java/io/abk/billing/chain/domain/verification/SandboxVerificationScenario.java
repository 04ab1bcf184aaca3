package io.abk.billing.chain.domain.verification;

import java.util.Optional;

/**
 * The sandbox's magic transaction hashes, so tests can reach every verification failure: {@code 0x} + 63 zeros +
 * a digit d picks the failure d. No real transaction has such a hash (a Keccak-256 output starting with 252 zero
 * bits), so reserving them can never refuse a real payment.
 */
public enum SandboxVerificationScenario {
    NOT_FOUND(VerificationFailure.PAYMENT_TX_NOT_FOUND),
    REVERTED(VerificationFailure.PAYMENT_TX_REVERTED),
    NO_TRANSFER(VerificationFailure.PAYMENT_TX_NO_TRANSFER),
    WRONG_RECIPIENT(VerificationFailure.PAYMENT_WRONG_RECIPIENT),
    SHORT(VerificationFailure.PAYMENT_SHORT);

    private static final String MAGIC_PREFIX = "0x" + "0".repeat(63);

    private final VerificationFailure failure;

    SandboxVerificationScenario(VerificationFailure failure) {
        this.failure = failure;
    }

    public VerificationFailure failure() {
        return failure;
    }

    /** The magic hash of this scenario: {@code 0x} + 63 zeros + its digit. */
    public String txHash() {
        return MAGIC_PREFIX + ordinal();
    }

    /** The scenario a canonical (lower-case) hash selects, if it is one of the magic hashes. */
    public static Optional<SandboxVerificationScenario> of(String canonicalTxHash) {
        for (var scenario : values()) {
            if (scenario.txHash().equals(canonicalTxHash)) {
                return Optional.of(scenario);
            }
        }
        return Optional.empty();
    }
}
