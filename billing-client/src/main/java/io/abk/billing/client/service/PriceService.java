package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Price;

/** Prices: archive or restore one (a price's amount never changes). */
public final class PriceService {

    private final Transport transport;

    public PriceService(Transport transport) {
        this.transport = transport;
    }

    /** Archives ({@code active} false) or restores the price. */
    public Price update(String id, boolean active) {
        return update(id, active, RequestOptions.NONE);
    }

    /** See {@link #update(String, boolean)}; with this call's options. */
    @Operation("updatePrice")
    public Price update(String id, boolean active, RequestOptions options) {
        return transport.call(
                "PATCH",
                "/v1/prices/" + Transport.segment(id),
                Bodies.of("active", active),
                options,
                "price",
                Price.class);
    }
}
