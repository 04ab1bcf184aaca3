package io.abk.billing.gateway.platform.web;

import org.springframework.web.server.ServerWebExchange;

/** Where a request's id lives during its exchange: logs and error bodies read it from here. */
public final class RequestIds {

    private RequestIds() {}

    /** Exchange attribute holding the {@code req_...} id of the request (a String). */
    public static final String ATTRIBUTE = RequestIds.class.getName() + ".requestId";

    /** The id of this request, or {@code "unknown"} if the request-id filter did not run (it always runs first). */
    public static String of(ServerWebExchange exchange) {
        var id = exchange.getAttribute(ATTRIBUTE);
        return id instanceof String text ? text : "unknown";
    }
}
