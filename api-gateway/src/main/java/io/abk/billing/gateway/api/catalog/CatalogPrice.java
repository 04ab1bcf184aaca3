package io.abk.billing.gateway.api.catalog;

/** A price as other parts of the gateway need it to create a subscription or payment from a {@code priceId}. */
public record CatalogPrice(
        String id, String productId, long amountMicros, String interval, int trialDays, boolean active) {

    public boolean isRecurring() {
        return !interval.equals("once");
    }
}
