package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A section's list page: a page of at most {@link #PAGE_SIZE} rows, newest first from a cursor, with the filters the
 * form shows and the links to the newest page ("Newest") and the next older one ("Older"), filters kept.
 */
final class ListPage {

    static final int PAGE_SIZE = 25;

    private ListPage() {}

    /** The query without its empty values: a filter the form left empty is no filter. */
    static MultiValueMap<String, String> filled(MultiValueMap<String, String> query) {
        var filled = new LinkedMultiValueMap<String, String>();
        query.forEach((name, values) -> values.stream()
                .filter(value -> value != null && !value.isEmpty())
                .forEach(value -> filled.add(name, value)));
        return filled;
    }

    /** The page the query asks for (ids of {@code prefix}), of at most {@link #PAGE_SIZE} rows. */
    static PageRequest page(MultiValueMap<String, String> query, IdPrefix prefix) {
        var asked = PageRequest.from(query, prefix);
        return new PageRequest(Math.min(asked.limit(), PAGE_SIZE), asked.startingAfter());
    }

    /**
     * The model of a list filtered by {@code status} (one of {@code statuses}, else a 400 before anything is read):
     * {@link #model} with {@code statuses}, the options of the filter's select.
     */
    static Mono<Map<String, Object>> byStatus(
            DashboardSession session,
            String path,
            MultiValueMap<String, String> query,
            List<String> statuses,
            IdPrefix prefix,
            BiFunction<@Nullable String, PageRequest, Mono<Page<JsonNode>>> list,
            Function<JsonNode, Map<String, Object>> row) {
        return Mono.defer(() -> {
            var filled = filled(query);
            var status = ListFilters.status(filled, statuses);
            var page = page(filled, prefix);
            return list.apply(status, page).map(found -> {
                var filters = new LinkedHashMap<String, @Nullable String>();
                filters.put("status", status);
                var model = model(session, path, filters, page, found, row);
                model.put("statuses", statuses(statuses, status));
                return model;
            });
        });
    }

    /** The options of a status filter's select, {@code status} chosen. */
    static List<Map<String, Object>> statuses(List<String> all, @Nullable String status) {
        return all.stream()
                .map(value -> Map.<String, Object>of("value", value, "label", value, "selected", value.equals(status)))
                .toList();
    }

    /**
     * The list's model: each filter by its name ({@code ""} when not set), {@code modeName}, {@code rows} (each
     * {@code row} of an item), {@code firstHref} (none on the newest page) and {@code nextHref} (none on the last).
     */
    static Map<String, Object> model(
            DashboardSession session,
            String path,
            Map<String, @Nullable String> filters,
            PageRequest page,
            Page<JsonNode> found,
            Function<JsonNode, Map<String, Object>> row) {
        var model = new HashMap<String, Object>();
        filters.forEach((name, value) -> model.put(name, value == null ? "" : value));
        model.put("modeName", modeName(session));
        model.put("rows", found.items().stream().map(row).toList());
        pager(
                model,
                path,
                filters,
                page,
                found.hasMore(),
                found.items().isEmpty()
                        ? null
                        : found.items().getLast().path("id").asString());
        return model;
    }

    /**
     * A list's pager in {@code model}: {@code firstHref} ("Newest") past the first page, {@code nextHref} ("Older")
     * after {@code lastId} when older rows follow, and {@code exportHref}, the CSV of every row of the filter
     * ({@link ExportRoutes}); {@code filters} are kept in each.
     */
    static void pager(
            Map<String, Object> model,
            String path,
            Map<String, @Nullable String> filters,
            PageRequest page,
            boolean hasMore,
            @Nullable String lastId) {
        model.put("firstHref", page.startingAfter() == null ? "" : Rows.listHref(path, filters));
        model.put("exportHref", Rows.listHref(path + "/export.csv", filters));
        var next = new LinkedHashMap<String, @Nullable String>(filters);
        next.put("startingAfter", lastId);
        model.put("nextHref", hasMore && lastId != null ? Rows.listHref(path, next) : "");
    }

    /** The session's mode as the pages name it: {@code test} or {@code live}. */
    static String modeName(DashboardSession session) {
        return session.mode().name().toLowerCase(Locale.ROOT);
    }
}
