package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * What the sections' pages share: a detail page's labelled field and action links, a list's address with its filters,
 * the page of a list a query asks for with its "Newest" and "Older" links, the mode's name, and the page refusing a
 * member's role.
 */
final class Rows {

    /** The most rows a list page shows. */
    static final int PAGE_SIZE = 25;

    private Rows() {}

    /** A {@code <dt>}/{@code <dd>} pair of a detail page; a {@code mono} value is an id, an address or a hash. */
    static Map<String, Object> field(String label, String value, boolean mono) {
        return Map.of("label", label, "value", value, "mono", mono);
    }

    /** {@code path} with the query's non-null values, encoded: a list page's filter and cursor links. */
    static String listHref(String path, Map<String, @Nullable String> query) {
        var uri = UriComponentsBuilder.fromPath(path);
        query.forEach((name, value) -> {
            if (value != null) {
                uri.queryParam(name, value);
            }
        });
        return uri.build().encode().toUriString();
    }

    /** The page a list's query asks for ({@code startingAfter}, {@code limit}), at most {@link #PAGE_SIZE} rows. */
    static PageRequest page(MultiValueMap<String, String> query, IdPrefix prefix) {
        var asked = PageRequest.from(query, prefix);
        return new PageRequest(Math.min(asked.limit(), PAGE_SIZE), asked.startingAfter());
    }

    /**
     * A list's pager in {@code model}: {@code firstHref} ("Newest") past the first page, {@code nextHref} ("Older")
     * after {@code lastId} when older rows follow; {@code filters} are kept in both.
     */
    static void pager(
            Map<String, Object> model,
            String path,
            Map<String, @Nullable String> filters,
            PageRequest page,
            boolean hasMore,
            @Nullable String lastId) {
        var first = new LinkedHashMap<String, @Nullable String>(filters);
        model.put("firstHref", page.startingAfter() == null ? "" : listHref(path, first));
        var next = new LinkedHashMap<String, @Nullable String>(filters);
        next.put("startingAfter", lastId);
        model.put("nextHref", hasMore && lastId != null ? listHref(path, next) : "");
    }

    /** The session's mode as the pages name it: {@code test} or {@code live}. */
    static String modeName(DashboardSession session) {
        return session.mode().name().toLowerCase(Locale.ROOT);
    }

    /** The 403 page of a member whose role may not do what a page is for: {@code sentence}, and their role. */
    static ResponseEntity<String> forbidden(DashboardSession session, String sentence) {
        return DashboardPages.refused(
                HttpStatus.FORBIDDEN, sentence + "; you are a " + session.role().wireName() + ".");
    }

    /** An action link of a detail page: {@code data-action=name}, red when its {@code tone} is {@code danger}. */
    static Map<String, Object> action(String name, String label, String tone) {
        return Map.of("name", name, "label", label, "tone", tone);
    }
}
