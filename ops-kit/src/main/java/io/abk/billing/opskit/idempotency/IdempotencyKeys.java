package io.abk.billing.opskit.idempotency;

import java.util.List;

/**
 * What an {@code Idempotency-Key} header must be in every service that takes one: one value of 1 to 255 characters, so
 * a client's key works the same against each of them.
 */
public final class IdempotencyKeys {

    public static final String HEADER = "Idempotency-Key";
    public static final int MAX_LENGTH = 255;
    /** The refusal's message when the header breaks the rule (a 400 about the header). */
    public static final String RULE = HEADER + " must be one value of 1 to " + MAX_LENGTH + " characters";

    private IdempotencyKeys() {}

    /** Whether the header's values ({@code HttpHeaders.get}, at least one) make one usable key. */
    public static boolean isValid(List<String> values) {
        var key = values.getFirst();
        return values.size() == 1 && !key.isEmpty() && key.length() <= MAX_LENGTH;
    }
}
