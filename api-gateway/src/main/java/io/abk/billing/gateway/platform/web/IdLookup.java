package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * Finds an object by the id a request names, or answers 404 {@code resource_missing}. An id that is not well formed
 * for its prefix is missing too, without a query: a typo and an id of another type look like any unknown id.
 */
public final class IdLookup {

    private IdLookup() {}

    /** What {@code find} finds for {@code id}, or a 404 about {@code resource} when the id is malformed or unknown. */
    public static <T> Mono<T> find(IdPrefix prefix, String resource, String id, Function<String, Mono<T>> find) {
        return (Ids.isWellFormed(prefix, id) ? find.apply(id) : Mono.<T>empty())
                .switchIfEmpty(ApiException.notFoundError(resource, id));
    }
}
