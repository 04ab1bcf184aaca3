package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code MeterEventRequest}, one usage event of a customer for the meter of {@code eventName}; build
 * it with {@link #builder()}. Fields left unset are not sent: the API makes a random {@code mev_...} identifier, takes
 * now as the timestamp, and the value from the payload (or 1 for a {@code count} meter).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MeterEventCreateParams(
        String eventName,
        @Nullable String identifier,
        @Nullable Instant timestamp,
        @Nullable String customerId,
        @Nullable String customerWallet,
        @Nullable Long value,
        @Nullable Map<String, Object> payload) {

    public MeterEventCreateParams {
        Objects.requireNonNull(eventName, "eventName is required");
        if (customerWallet == null && customerId == null) {
            throw new NullPointerException("customerId or customerWallet is required");
        }
        payload = payload == null ? null : Map.copyOf(payload);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String eventName;
        private @Nullable String identifier;
        private @Nullable Instant timestamp;
        private @Nullable String customerId;
        private @Nullable String customerWallet;
        private @Nullable Long value;
        private @Nullable Map<String, Object> payload;

        private Builder() {}

        /** An active meter's event name (unknown: 400 {@code meter_not_found}; deactivated: {@code meter_inactive}). */
        public Builder eventName(String eventName) {
            this.eventName = eventName;
            return this;
        }

        /**
         * Makes retries safe: the same identifier for the same meter and customer within 35 days is counted once.
         * 1 to 100 printable ASCII characters, no spaces.
         */
        public Builder identifier(String identifier) {
            this.identifier = identifier;
            return this;
        }

        /**
         * When the usage happened, which picks the period it counts in: within the last 35 days and at most 5
         * minutes ahead (else 400 {@code timestamp_out_of_range}).
         */
        public Builder timestamp(Instant timestamp) {
            this.timestamp = timestamp;
            return this;
        }

        /** The customer; or give {@link #customerWallet(String)}. */
        public Builder customerId(String customerId) {
            this.customerId = customerId;
            return this;
        }

        /** The customer of this wallet, instead of {@code customerId}. */
        public Builder customerWallet(String customerWallet) {
            this.customerWallet = customerWallet;
            return this;
        }

        /** A whole number from 0 to 1,000,000,000,000 (else 400 {@code invalid_value}). */
        public Builder value(long value) {
            this.value = value;
            return this;
        }

        /** Free fields; the number under the meter's {@code valueKey} is the value when none is given. */
        public Builder payload(Map<String, Object> payload) {
            this.payload = Map.copyOf(payload);
            return this;
        }

        /**
         * The immutable body; {@code eventName} left unset, or neither {@code customerId} nor
         * {@code customerWallet}, is a {@link NullPointerException} naming it.
         */
        public MeterEventCreateParams build() {
            return new MeterEventCreateParams(
                    Objects.requireNonNull(eventName, "eventName is required"),
                    identifier,
                    timestamp,
                    customerId,
                    customerWallet,
                    value,
                    payload);
        }
    }
}
