package io.abk.billing.schemas.money;

/**
 * A decimal that is not an acceptable token amount, thrown by {@link SixDecimalAmounts}' parsers; the HTTP edge
 * turns it into a 400 whose message is the field's name followed by {@link Problem#sentence()}.
 */
public final class InvalidAmountException extends IllegalArgumentException {

    /** Why a decimal is not an acceptable amount. */
    public enum Problem {
        TOO_MANY_DECIMALS("must have at most 6 decimal places"),
        NOT_POSITIVE("must be greater than 0"),
        NEGATIVE("must not be negative"),
        TOO_LARGE("must be at most 1000000000");

        private final String sentence;

        Problem(String sentence) {
            this.sentence = sentence;
        }

        /** The end of a sentence that starts with the field name, e.g. "amountUsdc must be greater than 0". */
        public String sentence() {
            return sentence;
        }
    }

    private final Problem problem;

    public InvalidAmountException(Problem problem) {
        super("amount " + problem.sentence());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
