package io.abk.billing.opskit.web;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;

/**
 * A response that knows whether anything set a status on it. {@link #getStatusCode()} cannot tell: Reactor Netty
 * reports 200 for a response nobody set a status on, so a chain that ended without answering looks like a 200.
 */
public class StatusTrackingResponse extends ServerHttpResponseDecorator {

    private volatile boolean statusSet;

    public StatusTrackingResponse(ServerHttpResponse delegate) {
        super(delegate);
    }

    /** Whether a status was set on this response (through it). */
    public boolean statusSet() {
        return statusSet;
    }

    @Override
    public boolean setStatusCode(@Nullable HttpStatusCode status) {
        if (status != null) {
            statusSet = true;
        }
        return super.setStatusCode(status);
    }

    @Override
    public boolean setRawStatusCode(@Nullable Integer status) {
        if (status != null) {
            statusSet = true;
        }
        return super.setRawStatusCode(status);
    }
}
