package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Event;
import io.abk.billing.client.model.Redelivery;
import io.abk.billing.client.param.ListParams;
import org.jspecify.annotations.Nullable;

/** Events: what happened to the merchant's objects, and redelivering one to the endpoints. */
public final class EventService {

    private final Transport transport;

    public EventService(Transport transport) {
        this.transport = transport;
    }

    /** One page of events, newest first (filters: type, subjectId). */
    public Page<Event> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listEvents")
    public Page<Event> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/events", params, options, "events", Event.class, Event::id);
    }

    /** The event {@code id}. */
    public Event retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getEvent")
    public Event retrieve(String id, RequestOptions options) {
        return transport.call("GET", "/v1/events/" + Transport.segment(id), null, options, "event", Event.class);
    }

    /** Delivers the event again, to one endpoint or (null) to every endpoint that takes it. */
    public Redelivery redeliver(String id, @Nullable String endpointId) {
        return redeliver(id, endpointId, RequestOptions.NONE);
    }

    /** See {@link #redeliver(String, String)}; with this call's options. */
    @Operation("redeliverEvent")
    public Redelivery redeliver(String id, @Nullable String endpointId, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/events/" + Transport.segment(id) + "/redeliver",
                Bodies.of("endpointId", endpointId),
                options,
                null,
                Redelivery.class);
    }
}
