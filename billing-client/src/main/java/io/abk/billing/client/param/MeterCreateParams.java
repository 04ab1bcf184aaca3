package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreateMeterRequest}; build it with {@link #builder()}. Fields left unset are not sent. An
 * {@code eventName} the key's merchant and mode have a meter of already: 409 {@code meter_exists}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MeterCreateParams(
        String eventName,
        String aggregation,
        @Nullable String displayName,
        @Nullable String valueKey) {

    public MeterCreateParams {
        Objects.requireNonNull(eventName, "eventName is required");
        Objects.requireNonNull(aggregation, "aggregation is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String eventName;
        private @Nullable String aggregation;
        private @Nullable String displayName;
        private @Nullable String valueKey;

        private Builder() {}

        /** A letter, then up to 99 letters, digits, {@code _ . : -}: the name meter events give. */
        public Builder eventName(String eventName) {
            this.eventName = eventName;
            return this;
        }

        /** {@code sum} (adds the values), {@code count} (counts the events) or {@code max} (the largest value). */
        public Builder aggregation(String aggregation) {
            this.aggregation = aggregation;
            return this;
        }

        public Builder displayName(String displayName) {
            this.displayName = displayName;
            return this;
        }

        /** The field of an event's payload that holds its value; default {@code value}. */
        public Builder valueKey(String valueKey) {
            this.valueKey = valueKey;
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public MeterCreateParams build() {
            return new MeterCreateParams(
                    Objects.requireNonNull(eventName, "eventName is required"),
                    Objects.requireNonNull(aggregation, "aggregation is required"),
                    displayName,
                    valueKey);
        }
    }
}
