package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Mono;

/**
 * The filters of a list's query ({@code status}, {@code type}, an owner's id): each absent, or a value the list knows,
 * else 400 {@code validation_error} naming the parameter; and the answer of a list filtered by status.
 */
public final class ListFilters {

    private ListFilters() {}

    /** Reads {@code status} from a query: null when absent, else one of {@code statuses}, else 400 naming it. */
    public static @Nullable String status(MultiValueMap<String, String> query, List<String> statuses) {
        return oneOf(query, "status", statuses);
    }

    /**
     * A list route filtered by {@code status}: reads the filter (one of {@code statuses}) and then the page of
     * {@code prefix} ids from the query, so that a bad one is the answer's 400 before anything is read, lists them and
     * answers {@code {<listName>, hasMore}}.
     */
    public static <T> Mono<Map<String, Object>> byStatus(
            MultiValueMap<String, String> query,
            List<String> statuses,
            IdPrefix prefix,
            String listName,
            BiFunction<@Nullable String, PageRequest, Mono<Page<T>>> list) {
        return Mono.defer(() -> {
            var status = status(query, statuses);
            var page = PageRequest.from(query, prefix);
            return list.apply(status, page).map(found -> found.body(listName));
        });
    }

    /** Reads {@code name} from a query: null when absent, else one of {@code values}, else 400 listing them. */
    public static @Nullable String oneOf(MultiValueMap<String, String> query, String name, List<String> values) {
        var value = query.getFirst(name);
        if (value != null && !values.contains(value)) {
            throw ApiException.invalid(name, name + " must be one of " + String.join(", ", values));
        }
        return value;
    }

    /** Reads {@code name} from a query: null when absent, else a well-formed id of {@code prefix}, else 400. */
    public static @Nullable String id(MultiValueMap<String, String> query, String name, IdPrefix prefix) {
        var id = query.getFirst(name);
        if (id != null && !Ids.isWellFormed(prefix, id)) {
            throw ApiException.invalid(name, name + " must be a " + prefix.withSeparator() + " id");
        }
        return id;
    }
}
