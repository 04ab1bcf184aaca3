package io.abk.billing.gateway.dashboard;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;

/**
 * What the sections' pages share: a detail page's labelled fields, status and action links, a list's address with its
 * filters, and the page refusing a member's role.
 */
final class Rows {

    private Rows() {}

    /** A {@code <dt>}/{@code <dd>} pair of a detail page; a {@code mono} value is an id, an address or a hash. */
    static Map<String, Object> field(String label, String value, boolean mono) {
        return Map.of("label", label, "value", value, "mono", mono, "href", "");
    }

    /** A field whose value (a hash, an address) links to {@code href} when there is one ({@link Explorer}). */
    static Map<String, Object> link(String label, String value, @Nullable String href) {
        return Map.of("label", label, "value", value, "mono", true, "href", href == null ? "" : href);
    }

    /** A detail page's model as it starts: the resource's {@code id}, {@code status} and the status's {@code tone}. */
    static Map<String, Object> detail(String id, JsonNode resource) {
        var status = resource.path("status").asString();
        var model = new HashMap<String, Object>();
        model.put("id", id);
        model.put("status", status);
        model.put("tone", Shown.tone(status));
        return model;
    }

    /** A list's row as it starts: as {@link #detail}, of the resource's own id. */
    static Map<String, Object> row(JsonNode resource) {
        return detail(resource.path("id").asString(), resource);
    }

    /** Puts a detail page's {@code actions} (none: no action bar, {@code canAct} false) into its {@code model}. */
    static void actions(Map<String, Object> model, List<Map<String, Object>> actions) {
        model.put("canAct", !actions.isEmpty());
        model.put("actions", actions);
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

    /** What a detail page says after an action: the sentence of the query's {@code done}, or none. */
    static String done(Map<String, String> sentences, MultiValueMap<String, String> query) {
        var done = query.getFirst("done");
        return done == null ? "" : sentences.getOrDefault(done, "");
    }

    /** The 403 page of a member whose role may not do what a page is for: {@code sentence}, and their role. */
    static ResponseEntity<String> forbidden(DashboardSession session, String sentence) {
        return DashboardPages.refused(
                HttpStatus.FORBIDDEN, sentence + "; you are a " + session.role().wireName() + ".");
    }
}
