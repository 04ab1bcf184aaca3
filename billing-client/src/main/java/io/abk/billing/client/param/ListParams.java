package io.abk.billing.client.param;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The query of a list call: the page size ({@code limit}, 1-100), the last id of the previous page
 * ({@code startingAfter}), and the list's filters ({@code status}, {@code merchantRef}, {@code customerWallet},
 * {@code customerId}, {@code subscriptionId}, {@code type}, {@code subjectId}, as the list takes them).
 */
public final class ListParams {

    /** No filter, the API's default page size. */
    public static final ListParams NONE = builder().build();

    private final Map<String, String> query;

    private ListParams(Map<String, String> query) {
        this.query = Collections.unmodifiableMap(new LinkedHashMap<>(query));
    }

    public static Builder builder() {
        return new Builder(Map.of());
    }

    /** The query parameters, in the order they were set. */
    public Map<String, String> query() {
        return query;
    }

    /** The same query asking for the page after the item {@code id}. */
    public ListParams startingAfter(String id) {
        return new Builder(query).startingAfter(id).build();
    }

    /** Collects the query; {@link #build()} makes the immutable value. */
    public static final class Builder {
        private final Map<String, String> query;

        private Builder(Map<String, String> query) {
            this.query = new LinkedHashMap<>(query);
        }

        public Builder limit(int limit) {
            return put("limit", Integer.toString(limit));
        }

        public Builder startingAfter(String id) {
            return put("startingAfter", id);
        }

        public Builder status(String status) {
            return put("status", status);
        }

        public Builder merchantRef(String merchantRef) {
            return put("merchantRef", merchantRef);
        }

        public Builder customerWallet(String customerWallet) {
            return put("customerWallet", customerWallet);
        }

        /** The subscriptions of this customer. */
        public Builder customerId(String customerId) {
            return put("customerId", customerId);
        }

        public Builder subscriptionId(String subscriptionId) {
            return put("subscriptionId", subscriptionId);
        }

        public Builder type(String type) {
            return put("type", type);
        }

        public Builder subjectId(String subjectId) {
            return put("subjectId", subjectId);
        }

        /** Any other query parameter a list takes. */
        public Builder put(String name, @Nullable String value) {
            if (value == null) {
                query.remove(name);
            } else {
                query.put(name, value);
            }
            return this;
        }

        public ListParams build() {
            return new ListParams(query);
        }
    }
}
