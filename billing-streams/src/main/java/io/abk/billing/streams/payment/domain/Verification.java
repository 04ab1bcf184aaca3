package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A verification of the payment's transfer asked of the chain side and not answered yet. The n-th of a payment has
 * the request id {@code <paymentId>:verify:<n>}; its answer arrives as the command {@code resultCommandId}, derived
 * from the request (and the requesting command's time), so a reprocessed confirm asks for the same answer.
 * {@code txHash} is what the customer gave; none means the sandbox pays with a generated hash.
 */
public record Verification(
        String requestId, String resultCommandId, @Nullable String txHash, Instant requestedAt) {

    /** Verification {@code number} (from 1) of {@code paymentId}, asked at {@code requestedAt}. */
    public static Verification of(String paymentId, int number, @Nullable String txHash, Instant requestedAt) {
        if (number < 1) {
            throw new IllegalArgumentException("verifications are numbered from 1, was " + number);
        }
        var requestId = paymentId + ":verify:" + number;
        return new Verification(
                requestId, Ids.derivedId(IdPrefix.COMMAND, requestedAt, "settle:" + requestId), txHash, requestedAt);
    }
}
