package io.abk.billing.gateway.command.idempotency;

import io.abk.billing.gateway.platform.web.Caller;
import org.springframework.http.server.reactive.ServerHttpRequest;
import reactor.core.publisher.Mono;

/**
 * Where an {@code Idempotency-Key} on a POST of a public route (hosted checkout, which has no API key) is kept: the
 * object the POST acts on names the merchant and mode it belongs to, and the key counts for that object alone.
 */
public interface PublicRouteScopes {

    /** The scope of a keyed public POST; empty when the request is not one, or its object is unknown (its route 404s). */
    Mono<Scope> scopeOf(ServerHttpRequest request);

    /** The merchant and mode the key's record is kept under, and the object id that keeps keys of other objects apart. */
    record Scope(Caller owner, String objectId) {}

    /** No public route takes a key. */
    PublicRouteScopes NONE = request -> Mono.empty();
}
