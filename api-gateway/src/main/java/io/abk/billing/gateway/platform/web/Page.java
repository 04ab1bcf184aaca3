package io.abk.billing.gateway.platform.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** One page of a newest-first list: the items and whether older ones follow ({@code hasMore}). */
public record Page<T>(List<T> items, boolean hasMore) {

    /**
     * Builds a page from rows fetched with {@code LIMIT limit + 1}: the extra row only says that more follow.
     */
    public static <T> Page<T> fromRowsPlusOne(List<T> rows, int limit) {
        return rows.size() > limit
                ? new Page<>(List.copyOf(rows.subList(0, limit)), true)
                : new Page<>(List.copyOf(rows), false);
    }

    /** The list's response body: {@code {<listName>: items, hasMore}}, in that order. */
    public Map<String, Object> body(String listName) {
        var body = new LinkedHashMap<String, Object>();
        body.put(listName, items);
        body.put("hasMore", hasMore);
        return body;
    }

    public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
        return new Page<>(items.stream().<R>map(mapper).toList(), hasMore);
    }
}
