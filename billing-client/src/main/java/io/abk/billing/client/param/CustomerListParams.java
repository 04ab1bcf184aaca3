package io.abk.billing.client.param;

import java.util.Map;

/**
 * The query of {@code GET /v1/customers}: the page size ({@code limit}, 1-100), the last id of the previous page
 * ({@code startingAfter}), and the filters {@code wallet} (any case) and {@code email} (exact, any case).
 */
public final class CustomerListParams {

    /** No filter, the API's default page size. */
    public static final CustomerListParams NONE = builder().build();

    private final ListParams query;

    private CustomerListParams(ListParams query) {
        this.query = query;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The query parameters, in the order they were set. */
    public Map<String, String> query() {
        return query.query();
    }

    /** The same query as the generic list parameters, which page on with {@code startingAfter}. */
    public ListParams toListParams() {
        return query;
    }

    /** Collects the query; {@link #build()} makes the immutable value. */
    public static final class Builder {
        private final ListParams.Builder query = ListParams.builder();

        private Builder() {}

        public Builder limit(int limit) {
            query.limit(limit);
            return this;
        }

        public Builder startingAfter(String id) {
            query.startingAfter(id);
            return this;
        }

        /** Only the customer of this wallet, matched in any case. */
        public Builder wallet(String wallet) {
            query.put("wallet", wallet);
            return this;
        }

        /** Only the customers of this email, matched exactly in any case. */
        public Builder email(String email) {
            query.put("email", email);
            return this;
        }

        public CustomerListParams build() {
            return new CustomerListParams(query.build());
        }
    }
}
