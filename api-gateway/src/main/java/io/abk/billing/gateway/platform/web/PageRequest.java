package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/**
 * Cursor pagination of every list: {@code limit} 1-100 (default 100) and
 * {@code startingAfter}, an id from the previous page. Lists are newest first, so the next page holds ids
 * smaller than {@code startingAfter} (ids sort by creation time).
 */
public record PageRequest(int limit, @Nullable String startingAfter) {

    public static final int MAX_LIMIT = 100;

    /** Reads {@code limit} and {@code startingAfter} from a query; {@code prefix} is the listed resource's id type. */
    public static PageRequest from(MultiValueMap<String, String> query, IdPrefix prefix) {
        return from(query, id -> Ids.isWellFormed(prefix, id), prefix.withSeparator());
    }

    /**
     * Reads {@code limit} and {@code startingAfter} from a query whose ids are not minted by {@link Ids} (the
     * delivery log's {@code wha_} ids); {@code idKind} names them in the error.
     */
    public static PageRequest from(MultiValueMap<String, String> query, Predicate<String> isWellFormed, String idKind) {
        int limit = MAX_LIMIT;
        var limitText = query.getFirst("limit");
        if (limitText != null) {
            try {
                limit = Integer.parseInt(limitText);
            } catch (NumberFormatException e) {
                throw ApiException.invalid("limit", "limit must be an integer between 1 and " + MAX_LIMIT);
            }
            if (limit < 1 || limit > MAX_LIMIT) {
                throw ApiException.invalid("limit", "limit must be an integer between 1 and " + MAX_LIMIT);
            }
        }
        var startingAfter = query.getFirst("startingAfter");
        if (startingAfter != null && !isWellFormed.test(startingAfter)) {
            throw ApiException.invalid(
                    "startingAfter", "startingAfter must be a " + idKind + " id from a previous page");
        }
        return new PageRequest(limit, startingAfter);
    }
}
