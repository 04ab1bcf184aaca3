package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.PortalSession;
import io.abk.billing.client.param.PortalSessionCreateParams;

/** Customer portal links: one-use links into the portal for one customer's wallet. */
public final class PortalSessionService {

    private final Transport transport;

    public PortalSessionService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a portal link for the customer's wallet; its {@code url} is shown this once. */
    public PortalSession create(PortalSessionCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(PortalSessionCreateParams)}; with this call's options. */
    @Operation("createPortalSession")
    public PortalSession create(PortalSessionCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/portal_sessions", params, options, null, PortalSession.class);
    }
}
