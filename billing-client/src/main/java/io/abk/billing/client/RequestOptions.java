package io.abk.billing.client;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Per-call settings over the client's: the Idempotency-Key of a POST, PATCH, PUT or DELETE (otherwise a random one
 * is made once per call and reused on each of its retries), the number of retries, the timeout of each attempt.
 *
 * <pre>{@code
 * var options = RequestOptions.builder().idempotencyKey("order-42").maxRetries(5).build();
 * }</pre>
 */
public record RequestOptions(
        @Nullable String idempotencyKey,
        @Nullable Integer maxRetries,
        @Nullable Duration timeout) {

    /** No override: the client's settings. */
    public static final RequestOptions NONE = new RequestOptions(null, null, null);

    public RequestOptions {
        if (idempotencyKey != null && (idempotencyKey.isEmpty() || idempotencyKey.length() > 255)) {
            throw new IllegalArgumentException("an Idempotency-Key has 1 to 255 characters");
        }
        if (maxRetries != null && maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries cannot be negative: " + maxRetries);
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("the timeout must be positive: " + timeout);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the options; {@link #build()} makes the immutable value. */
    public static final class Builder {
        private @Nullable String idempotencyKey;
        private @Nullable Integer maxRetries;
        private @Nullable Duration timeout;

        private Builder() {}

        public Builder idempotencyKey(String idempotencyKey) {
            this.idempotencyKey = idempotencyKey;
            return this;
        }

        public Builder maxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public RequestOptions build() {
            return new RequestOptions(idempotencyKey, maxRetries, timeout);
        }
    }
}
