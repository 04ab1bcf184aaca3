package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Meter;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.MeterCreateParams;

/** Meters: what metered prices count, the meter events of one event name aggregated per item and period. */
public final class MeterService {

    private final Transport transport;

    public MeterService(Transport transport) {
        this.transport = transport;
    }

    /** Creates an active meter; an event name the mode has a meter of already is 409 {@code meter_exists}. */
    public Meter create(MeterCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(MeterCreateParams)}; with this call's options. */
    @Operation("createMeter")
    public Meter create(MeterCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/meters", params, options, null, Meter.class);
    }

    /** One page of meters, newest first, active and inactive. */
    public Page<Meter> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listMeters")
    public Page<Meter> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/meters", params, options, "meters", Meter.class, Meter::id);
    }

    /** The meter {@code id}. */
    public Meter retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getMeter")
    public Meter retrieve(String id, RequestOptions options) {
        return transport.call("GET", "/v1/meters/" + Transport.segment(id), null, options, null, Meter.class);
    }

    /**
     * Refuses the meter's events from now on (400 {@code meter_inactive}); what was counted stays. Deactivating it
     * again changes nothing.
     */
    public Meter deactivate(String id) {
        return deactivate(id, RequestOptions.NONE);
    }

    /** See {@link #deactivate(String)}; with this call's options. */
    @Operation("deactivateMeter")
    public Meter deactivate(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/meters/" + Transport.segment(id) + "/deactivate",
                Bodies.EMPTY,
                options,
                null,
                Meter.class);
    }
}
