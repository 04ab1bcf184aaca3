package io.abk.billing.gateway.dashboard;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * What the sections' pages share: a detail page's labelled field and action links, and a list's address with its
 * filters.
 */
final class Rows {

    private Rows() {}

    /** A {@code <dt>}/{@code <dd>} pair of a detail page; a {@code mono} value is an id, an address or a hash. */
    static Map<String, Object> field(String label, String value, boolean mono) {
        return Map.of("label", label, "value", value, "mono", mono);
    }

    /**
     * An action link of a detail page ({@code data-action=name}, to its confirmation page {@code <page>/<name>}); a
     * {@code danger}ous one is red.
     */
    static Map<String, Object> action(String name, String label, boolean danger) {
        return Map.of("name", name, "label", label, "tone", danger ? "danger" : "");
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
}
