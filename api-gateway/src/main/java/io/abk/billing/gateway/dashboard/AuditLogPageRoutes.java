package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.audit.AuditEntry;
import io.abk.billing.gateway.controlplane.audit.AuditJson;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.controlplane.user.UserService;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/settings/audit-log}: the audit entries of the session's merchant (never another's: the merchant is
 * the session's, not the query's) in the session's mode or of none (the account, the team), newest first, a page at a
 * time; an entry a member made names them by their email. Entries name people, so the page is an admin's or the
 * owner's.
 */
@RestController
public class AuditLogPageRoutes {

    private static final String LOG = "/dashboard/settings/audit-log";

    private final DashboardRenderer renderer;
    private final AuditLog audit;
    private final UserService users;
    private final JsonMapper json;

    public AuditLogPageRoutes(DashboardRenderer renderer, AuditLog audit, UserService users, JsonMapper json) {
        this.renderer = renderer;
        this.audit = audit;
        this.users = users;
        this.json = json;
    }

    /** Whether the member may read the audit log. */
    static boolean mayRead(DashboardSession session) {
        return session.role().includes(UserRole.ADMIN);
    }

    @GetMapping(LOG)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        if (!mayRead(session)) {
            return Mono.just(Rows.forbidden(session, "Only an admin or the owner may read the audit log"));
        }
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var page = ListPage.page(ListPage.filled(query), IdPrefix.AUDIT_ENTRY);
            var mode = ApiKeyFormat.modeText(session.mode());
            return audit.list(session.merchantId(), mode, page).flatMap(found -> {
                var actors = found.items().stream().map(AuditEntry::actor).collect(Collectors.toSet());
                return users.emails(session.merchantId(), members(actors)).flatMap(emails -> {
                    var shown = found.map(entry -> json.<JsonNode>valueToTree(AuditJson.entry(entry)));
                    var model = ListPage.model(session, LOG, Map.of(), page, shown, entry -> row(entry, emails));
                    return renderer.page(session, "Audit log", "settings", DashboardPages.AUDIT_LOG, model);
                });
            });
        }));
    }

    /** The actors who may be members: a member acts as {@code usr_...}. */
    private static Set<String> members(Set<String> actors) {
        return actors.stream()
                .filter(actor -> actor.startsWith(IdPrefix.USER.withSeparator()))
                .collect(Collectors.toSet());
    }

    /**
     * What an entry changed: its type and id, or, for the account itself or what it has one of (its test clock, whose
     * id is the merchant's), only what it is: every entry here is of this account, whose id says nothing more.
     */
    private static String target(JsonNode e) {
        var type = Shown.text(e, "targetType");
        if (e.path("targetId").asString().equals(e.path("merchantId").asString())) {
            return "merchant".equals(type) ? "account" : type;
        }
        return type + " " + Shown.text(e, "targetId");
    }

    private static Map<String, Object> row(JsonNode e, Map<String, String> emails) {
        var actor = Shown.text(e, "actor");
        var email = emails.get(actor);
        var row = new HashMap<String, Object>();
        row.put("id", e.path("id").asString());
        row.put("at", Shown.time(e, "at"));
        row.put("actor", email != null ? email : actor);
        row.put("mono", email == null);
        row.put("action", Shown.text(e, "action"));
        row.put("target", target(e));
        row.put("mode", Shown.text(e, "mode"));
        return row;
    }
}
