package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.auth.ApiKeyJson;
import io.abk.billing.gateway.controlplane.auth.ApiKeyService;
import io.abk.billing.gateway.controlplane.auth.StoredApiKey;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/developers/api-keys}: the team's API keys of the session's mode (newest first, a page of
 * {@link ListPage#PAGE_SIZE} at a time, as the API shows them: a hint, never the key), the page that creates one and
 * the confirmations of rotating and revoking one ({@code /dashboard/api-keys/{id}/...}). The script sends them to
 * {@code /v1/api_keys...} as the member; a new key shows once on the page that made it.
 */
@RestController
public class ApiKeyPageRoutes {

    private static final String LIST = "/dashboard/developers/api-keys";
    private static final String KEYS = "/dashboard/api-keys";
    private static final String SECTION = "developers";
    private static final String PAGE = "api-keys";

    /** What the list says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "create", "The API key is created.",
            "rotate-secret", "The API key is rotated: the new key is in the list, the old one until its expiry.",
            "revoke", "The API key is revoked: requests with it are refused from now on.");

    private static final String KEY_SENTENCE = "Copy it now and put it in your server's configuration: it is shown"
            + " this once and never again (rotate the key for a new one if it is lost).";

    private final DashboardRenderer renderer;
    private final ApiKeyService keys;
    private final JsonMapper json;
    private final Clock clock;

    public ApiKeyPageRoutes(DashboardRenderer renderer, ApiKeyService keys, JsonMapper json, Clock clock) {
        this.renderer = renderer;
        this.keys = keys;
        this.json = json;
        this.clock = clock;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var page = ListPage.page(query, IdPrefix.API_KEY);
            return keys.list(session.caller(), page).flatMap(found -> {
                var now = Now.of(clock);
                var canAct = mayChange(session);
                var model = ListPage.model(
                        session, LIST, Map.of(), page, found.map(key -> shown(key, now)), key -> row(key, canAct));
                model.put("canAct", canAct);
                model.put("done", Rows.done(DONE, query));
                return renderer.page(session, "API keys", SECTION, DashboardPages.API_KEYS, model);
            });
        }));
    }

    @GetMapping(LIST + "/new")
    public Mono<ResponseEntity<String>> create(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!mayChange(session)) {
            return Mono.just(refusedTo(session));
        }
        var mode = ListPage.modeName(session);
        var confirmation = new ConfirmPage(
                        PAGE,
                        "Create an API key",
                        "A new " + mode + " mode key (abk_" + mode + "_...) that your server sends with each request"
                                + " to the API. It works until it is revoked or rotated.",
                        "/v1/api_keys",
                        LIST,
                        "Back to the API keys")
                .creates(LIST + "?done=create", "", "Back to the API keys")
                .showsSecret("secret", "The new API key", KEY_SENTENCE, "API key")
                .button("Create API key", false);
        return renderer.page(session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
    }

    @GetMapping(KEYS + "/{id}/rotate-secret")
    public Mono<ResponseEntity<String>> rotate(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return confirm(
                session,
                id,
                new ConfirmPage(
                                PAGE,
                                "Rotate API key " + id,
                                "A new key replaces it, shown once on this page. The old key is still served for the"
                                        + " time you choose, so your servers can switch over; then it is refused.",
                                "/v1/api_keys/" + id + "/rotate",
                                LIST,
                                "Back to the API keys")
                        .method("POST", "rotate-secret")
                        .field(
                                "Old key still works for (seconds)",
                                "graceSeconds",
                                "number",
                                String.valueOf(ApiKeyService.DEFAULT_GRACE_SECONDS),
                                "From 0 (refused at once) to " + ApiKeyService.MAX_GRACE_SECONDS
                                        + " (7 days); 86400 is a day.",
                                false)
                        .showsSecret("secret", "The new API key", KEY_SENTENCE, "API key")
                        .button("Rotate API key", true));
    }

    @GetMapping(KEYS + "/{id}/revoke")
    public Mono<ResponseEntity<String>> revoke(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return confirm(
                session,
                id,
                new ConfirmPage(
                                PAGE,
                                "Revoke API key " + id,
                                "Every request with this key is refused from now on, on every server that sends it."
                                        + " This cannot be undone: create a new key instead.",
                                "/v1/api_keys/" + id + "/revoke",
                                LIST,
                                "Back to the API keys")
                        .button("Revoke API key", true));
    }

    /** The confirmation page of an action on a key of the session's merchant and mode; any other id is 404. */
    private Mono<ResponseEntity<String>> confirm(DashboardSession session, String id, ConfirmPage confirmation) {
        if (!mayChange(session)) {
            return Mono.just(refusedTo(session));
        }
        return DashboardRenderer.orRefusal(keys.get(session.caller(), id)
                .flatMap(key -> renderer.page(
                        session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model())));
    }

    /** Whether the member may create, rotate and revoke keys (as {@link ApiAccess} lets them). */
    private static boolean mayChange(DashboardSession session) {
        return session.role().includes(UserRole.DEVELOPER);
    }

    private static ResponseEntity<String> refusedTo(DashboardSession session) {
        return Rows.forbidden(session, "Only a developer, an admin or the owner may manage API keys");
    }

    /** The key as the API shows it. */
    private JsonNode shown(StoredApiKey key, Instant now) {
        return json.valueToTree(ApiKeyJson.apiKey(key, now));
    }

    private static Map<String, Object> row(JsonNode key, boolean canAct) {
        var row = new HashMap<>(Rows.row(key));
        row.put("hint", Shown.text(key, "hint"));
        row.put("created", Shown.time(key, "createdAt"));
        row.put("expires", Shown.time(key, "expiresAt"));
        row.put("revoked", Shown.time(key, "revokedAt"));
        row.put("lastUsed", key.path("lastUsedAt").isString() ? Shown.time(key, "lastUsedAt") : "Never");
        var status = key.path("status").asString();
        // Only a key still served can be rotated or revoked: active, or rotated and in its grace period.
        row.put("usable", canAct && ("active".equals(status) || "expiring".equals(status)));
        return row;
    }
}
