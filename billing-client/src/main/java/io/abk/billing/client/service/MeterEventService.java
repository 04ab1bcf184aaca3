package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.MeterEvent;
import io.abk.billing.client.model.MeterEventBatch;
import io.abk.billing.client.param.MeterEventBatchCreateParams;
import io.abk.billing.client.param.MeterEventCreateParams;

/**
 * Meter events: a customer's usage, answered once Kafka has it (202) and counted shortly after. An identifier makes a
 * retry safe, within 35 days.
 */
public final class MeterEventService {

    private final Transport transport;

    public MeterEventService(Transport transport) {
        this.transport = transport;
    }

    /** Sends one event; the answer carries its identifier and timestamp. */
    public MeterEvent create(MeterEventCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(MeterEventCreateParams)}; with this call's options. */
    @Operation("createMeterEvent")
    public MeterEvent create(MeterEventCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/meter_events", params, options, null, MeterEvent.class);
    }

    /** Sends 1 to 1,000 events, all or nothing; one request against the rate limit. */
    public MeterEventBatch createBatch(MeterEventBatchCreateParams params) {
        return createBatch(params, RequestOptions.NONE);
    }

    /** See {@link #createBatch(MeterEventBatchCreateParams)}; with this call's options. */
    @Operation("createMeterEventBatch")
    public MeterEventBatch createBatch(MeterEventBatchCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/meter_events/batch", params, options, null, MeterEventBatch.class);
    }
}
