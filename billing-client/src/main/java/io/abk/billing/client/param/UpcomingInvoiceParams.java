package io.abk.billing.client.param;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The query of {@code GET /v1/invoices/upcoming}: the subscription, and optionally a proposed change
 * ({@code amountUsdc} or {@code priceId}) and its {@code prorationBehavior}.
 */
public final class UpcomingInvoiceParams {

    private final Map<String, String> query;

    private UpcomingInvoiceParams(Map<String, String> query) {
        this.query = Map.copyOf(query);
    }

    /** The preview of {@code subscriptionId}'s next invoice. */
    public static Builder builder(String subscriptionId) {
        return new Builder(subscriptionId);
    }

    /** The query parameters. */
    public Map<String, String> query() {
        return query;
    }

    /** Collects the query; {@link #build()} makes the immutable value. */
    public static final class Builder {
        private final Map<String, String> query = new LinkedHashMap<>();

        private Builder(String subscriptionId) {
            query.put("subscriptionId", subscriptionId);
        }

        /** A proposed new amount per period (USDC, at most 6 decimals), written exactly. */
        public Builder amountUsdc(BigDecimal amountUsdc) {
            query.put("amountUsdc", amountUsdc.toPlainString());
            return this;
        }

        /** A proposed month or year price of the catalog. */
        public Builder priceId(String priceId) {
            query.put("priceId", priceId);
            return this;
        }

        /** {@code create_prorations} (the default), {@code always_invoice} or {@code none}. */
        public Builder prorationBehavior(String prorationBehavior) {
            query.put("prorationBehavior", prorationBehavior);
            return this;
        }

        public UpcomingInvoiceParams build() {
            return new UpcomingInvoiceParams(query);
        }
    }
}
