package io.abk.billing.usdt.domain.match;

import io.abk.billing.usdt.domain.match.TxEvidence.Simulated;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The sandbox's reserved transaction hashes, one per outcome, so a client can reach every outcome without a chain
 * ({@code GET /v1/scenarios}). Each hash is {@code 0x75736474} ("usdt") followed by zeros and the scenario's number:
 * a Keccak-256 output that starts with 200 fixed bits is not going to name a real transaction. Any other hash in
 * the sandbox behaves as {@link #CONFIRMED}, so tests can pay any number of intents with fresh hashes (each hash
 * still confirms at most one intent).
 *
 * <p>The facts a scenario stands for are made against the intent's own terms ({@link #observe}): an exact transfer
 * to its address, half the amount less or more, the amount to another address, and so on.
 */
public enum SandboxScenario {
    CONFIRMED(MatchOutcome.CONFIRMED, "An exact transfer to payToAddress with enough confirmations"),
    UNDERPAID(
            MatchOutcome.UNDERPAID, "A transfer to payToAddress of half the amount (less by half, at least 0.000001)"),
    OVERPAID(
            MatchOutcome.OVERPAID,
            "A transfer to payToAddress of one and a half times the amount (at least 0.000001 more)"),
    WRONG_RECIPIENT(MatchOutcome.WRONG_RECIPIENT, "A transfer of the amount to another address"),
    NOT_FOUND(MatchOutcome.NOT_FOUND, "No such transaction on the chain"),
    REVERTED(MatchOutcome.REVERTED, "A transaction that was mined and reverted, moving nothing"),
    PENDING_CONFIRMATIONS(
            MatchOutcome.PENDING_CONFIRMATIONS, "An exact transfer one confirmation short of the configured depth");

    private static final String PREFIX = "0x75736474";
    /** Who pays in the sandbox: a fixed address nobody holds the key of. */
    public static final String SANDBOX_SENDER = "0x1111111111111111111111111111111111111111";
    /** The sandbox's block height, so that a simulated transfer has a place on its pretend chain. */
    private static final long SANDBOX_BLOCK = 1;

    private final MatchOutcome outcome;
    private final String description;

    SandboxScenario(MatchOutcome outcome, String description) {
        this.outcome = outcome;
        this.description = description;
    }

    public MatchOutcome outcome() {
        return outcome;
    }

    public String description() {
        return description;
    }

    /** The reserved hash: {@code 0x75736474}, zeros, and the scenario's number (1 to 7) in two digits. */
    public String txHash() {
        var number = String.format(Locale.ROOT, "%02d", ordinal() + 1);
        return PREFIX + "0".repeat(66 - PREFIX.length() - number.length()) + number;
    }

    /** The scenario a canonical hash selects: a reserved one, else {@link #CONFIRMED}. */
    public static SandboxScenario of(String canonicalTxHash) {
        return reserved(canonicalTxHash).orElse(CONFIRMED);
    }

    public static Optional<SandboxScenario> reserved(String canonicalTxHash) {
        return List.of(values()).stream()
                .filter(s -> s.txHash().equals(canonicalTxHash))
                .findFirst();
    }

    /** The sandbox's evidence for a canonical hash. */
    public static Simulated evidence(String canonicalTxHash) {
        return new Simulated(canonicalTxHash, of(canonicalTxHash));
    }

    /** The facts this scenario stands for, made against {@code terms}, in micro-units (6 decimals). */
    public TxObservation observe(String txHash, IntentTerms terms, MatchPolicy policy) {
        long micros = terms.amount().micros();
        long half = Math.max(1, micros / 2);
        int required = policy.requiredConfirmations();
        return switch (this) {
            case CONFIRMED -> mined(txHash, terms.payToAddress(), micros, required);
            case UNDERPAID -> mined(txHash, terms.payToAddress(), micros - half, required);
            case OVERPAID -> mined(txHash, terms.payToAddress(), micros + half, required);
            case WRONG_RECIPIENT -> mined(txHash, otherAddress(terms.payToAddress()), micros, required);
            case NOT_FOUND -> TxObservation.notFound(txHash, 6);
            case REVERTED -> new TxObservation(txHash, TxStatus.REVERTED, SANDBOX_BLOCK, null, required, 6, List.of());
            case PENDING_CONFIRMATIONS -> mined(txHash, terms.payToAddress(), micros, required - 1);
        };
    }

    private static TxObservation mined(String txHash, String to, long micros, long confirmations) {
        return new TxObservation(
                txHash,
                TxStatus.MINED,
                SANDBOX_BLOCK,
                null,
                confirmations,
                6,
                List.of(new ObservedTransfer(0, SANDBOX_SENDER, to, BigInteger.valueOf(micros))));
    }

    /** The address with its last hex digit changed: surely not the pay-to address. */
    private static String otherAddress(String address) {
        char last = address.charAt(address.length() - 1);
        return address.substring(0, address.length() - 1) + (last == '0' ? '1' : '0');
    }
}
