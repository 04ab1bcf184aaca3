package io.abk.billing.usdt.domain.match;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Optional;

/** How close the amount received must be to the intent's amount. */
public enum MatchStrategy {
    /** Exactly the amount. */
    EXACT("exact"),
    /** At least the amount: overpayment is accepted. */
    MINIMUM_AMOUNT("minimum_amount"),
    /** Within the configured percentage of the amount, either way. */
    TOLERANCE("tolerance");

    private final String wire;

    MatchStrategy(String wire) {
        this.wire = wire;
    }

    /** The name on the API and in Kafka records. */
    public String wire() {
        return wire;
    }

    public static Optional<MatchStrategy> fromWire(String value) {
        return Arrays.stream(values())
                .filter(strategy -> strategy.wire.equals(value))
                .findFirst();
    }

    /** True when {@code received} is acceptable for {@code expected}; exact decimal arithmetic throughout. */
    boolean accepts(BigDecimal expected, BigDecimal received, BigDecimal tolerancePercent) {
        int comparison = received.compareTo(expected);
        return switch (this) {
            case EXACT -> comparison == 0;
            case MINIMUM_AMOUNT -> comparison >= 0;
            // |received - expected| <= expected * percent / 100, multiplied out so nothing is ever divided.
            case TOLERANCE ->
                received.subtract(expected).abs().movePointRight(2).compareTo(expected.multiply(tolerancePercent)) <= 0;
        };
    }
}
