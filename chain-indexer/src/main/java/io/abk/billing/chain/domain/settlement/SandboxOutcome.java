package io.abk.billing.chain.domain.settlement;

import java.util.Arrays;
import java.util.Optional;

/** The outcomes the sandbox can simulate, by the names merchants use in {@code sandboxMode} and metadata. */
public enum SandboxOutcome {
    SUCCESS("success"),
    INSUFFICIENT_BALANCE("insufficient_balance"),
    ALLOWANCE_REVOKED("allowance_revoked");

    private final String value;

    SandboxOutcome(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    /** The outcome named exactly {@code value} (case-sensitive, as the API validates it), if any. */
    public static Optional<SandboxOutcome> parse(String value) {
        return Arrays.stream(values())
                .filter(outcome -> outcome.value.equals(value))
                .findFirst();
    }

    /** The accepted names, for messages: {@code success, insufficient_balance or allowance_revoked}. */
    static String names() {
        return "success, insufficient_balance or allowance_revoked";
    }
}
