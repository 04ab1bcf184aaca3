package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code UpdateCustomerRequest}; build it with {@link #builder()}. A field left unset is not sent and
 * stays as it is; {@link Builder#clearEmail()} and {@link Builder#clearName()} send a JSON null, which clears it. The
 * wallet never changes.
 */
public final class CustomerUpdateParams {

    private final Map<String, @Nullable Object> body;

    private CustomerUpdateParams(Map<String, @Nullable Object> body) {
        this.body = Collections.unmodifiableMap(new LinkedHashMap<>(body));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The fields sent, in the order they were set; a null value is sent as JSON null. */
    @JsonValue
    public Map<String, @Nullable Object> body() {
        return body;
    }

    @Override
    public String toString() {
        return "CustomerUpdateParams" + body;
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private final Map<String, @Nullable Object> body = new LinkedHashMap<>();
        private final Map<String, String> metadata = new LinkedHashMap<>();

        private Builder() {}

        /** At most 254 characters, one {@code @}, no spaces (else 400 {@code invalid_email}). */
        public Builder email(String email) {
            body.put("email", email);
            return this;
        }

        /** Removes the customer's email. */
        public Builder clearEmail() {
            body.put("email", null);
            return this;
        }

        /** At most 200 characters. */
        public Builder name(String name) {
            body.put("name", name);
            return this;
        }

        /** Removes the customer's name. */
        public Builder clearName() {
            body.put("name", null);
            return this;
        }

        /** Sets these keys, leaving the customer's other keys as they are. */
        public Builder metadata(Map<String, String> entries) {
            metadata.putAll(entries);
            return this;
        }

        /** Removes the key from the customer's metadata (sent as an empty value). */
        public Builder removeMetadata(String key) {
            metadata.put(key, "");
            return this;
        }

        public CustomerUpdateParams build() {
            Map<String, @Nullable Object> fields = new LinkedHashMap<>(body);
            if (!metadata.isEmpty()) {
                fields.put("metadata", Map.copyOf(metadata));
            }
            return new CustomerUpdateParams(fields);
        }
    }
}
