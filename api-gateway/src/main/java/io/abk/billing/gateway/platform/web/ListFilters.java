package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/**
 * The filters of a list's query ({@code status}, {@code type}, an owner's id): each absent, or a value the list knows,
 * else 400 {@code validation_error} naming the parameter.
 */
public final class ListFilters {

    private ListFilters() {}

    /** Reads {@code status} from a query: null when absent, else one of {@code statuses}, else 400 naming it. */
    public static @Nullable String status(MultiValueMap<String, String> query, List<String> statuses) {
        return oneOf(query, "status", statuses);
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
