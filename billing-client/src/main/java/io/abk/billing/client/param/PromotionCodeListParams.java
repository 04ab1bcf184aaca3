package io.abk.billing.client.param;

import java.util.Map;

/**
 * The query of {@code GET /v1/promotion_codes}: the page size ({@code limit}, 1-100), the last id of the previous page
 * ({@code startingAfter}), and the filters {@code code} (any case) and {@code couponId}.
 */
public final class PromotionCodeListParams {

    /** No filter, the API's default page size. */
    public static final PromotionCodeListParams NONE = builder().build();

    private final ListParams query;

    private PromotionCodeListParams(ListParams query) {
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

        /** Only this code, matched in any case. */
        public Builder code(String code) {
            query.put("code", code);
            return this;
        }

        /** Only the codes of this coupon. */
        public Builder couponId(String couponId) {
            query.put("couponId", couponId);
            return this;
        }

        public PromotionCodeListParams build() {
            return new PromotionCodeListParams(query.build());
        }
    }
}
