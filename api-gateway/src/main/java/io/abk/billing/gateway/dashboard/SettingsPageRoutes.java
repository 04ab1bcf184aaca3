package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.merchant.MerchantJson;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.controlplane.user.InvitationService;
import io.abk.billing.gateway.controlplane.user.UserJson;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.controlplane.user.UserService;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
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
 * {@code /dashboard/settings}: the team's display name, default payout address and checkout branding as
 * {@code GET /v1/account} shows them, with the owner's forms that change them ({@code PATCH /v1/account}, {@code PUT}
 * and {@code DELETE /v1/account/logo}); and {@code /dashboard/settings/team}: the members as {@code GET
 * /v1/team/members} shows them and the pending invitations as {@code GET /v1/team/invitations} does, with the owner's
 * confirmation that lifts a member's lockout ({@code POST /v1/team/members/{id}/unlock}); the other changes of the team
 * have their pages in {@link TeamPageRoutes}. The team's pages are the owner's, as the routes they show are.
 */
@RestController
public class SettingsPageRoutes {

    private static final String SETTINGS = "/dashboard/settings";
    private static final String TEAM = SETTINGS + "/team";
    private static final String SECTION = "settings";
    /** What the team page says after an action, by the action's last path segment. */
    private static final Map<String, String> TEAM_DONE = Map.of(
            "unlock", "The member may sign in again.",
            "invite", "The invitation is made: it works once its link is opened, for 72 hours.",
            "change-role", "The member's role is changed: their next request is judged by it.",
            "remove", "The member is removed from the team and signed out.",
            "revoke", "The invitation is revoked: its link lets no one join.");

    /** The checkout pages' own accent, where the colour picker starts when the merchant has none. */
    private static final String DEFAULT_ACCENT = "#1d4ed8";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "edit-settings", "The settings are saved.",
            "edit-branding", "The branding is saved.",
            "upload-logo", "The logo is uploaded.",
            "remove-logo", "The logo is removed.");

    private final DashboardRenderer renderer;
    private final MerchantService merchants;
    private final UserService users;
    private final InvitationService invitations;
    private final JsonMapper json;
    private final Clock clock;

    public SettingsPageRoutes(
            DashboardRenderer renderer,
            MerchantService merchants,
            UserService users,
            InvitationService invitations,
            JsonMapper json,
            Clock clock) {
        this.renderer = renderer;
        this.merchants = merchants;
        this.users = users;
        this.invitations = invitations;
        this.json = json;
        this.clock = clock;
    }

    @GetMapping(SETTINGS)
    public Mono<ResponseEntity<String>> settings(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(account(session).flatMap(account -> {
            var model = new HashMap<String, Object>();
            model.put("canEdit", isOwner(session));
            model.put("canSeeLog", AuditLogPageRoutes.mayRead(session));
            model.put("done", Rows.done(DONE, query));
            putBranding(model, account);
            model.put(
                    "fields",
                    List.of(
                            Rows.field("Name", Shown.text(account, "name"), false),
                            Rows.field("Display name", Shown.text(account, "displayName"), false),
                            Rows.field("Payout address", Shown.text(account, "payoutAddressEvm"), true),
                            Rows.field("Invoice prefix", invoicePrefix(account), true),
                            Rows.field("Updated", Shown.time(account, "updatedAt"), false)));
            return renderer.page(session, "Settings", SECTION, DashboardPages.SETTINGS, model);
        }));
    }

    @GetMapping(SETTINGS + "/edit")
    public Mono<ResponseEntity<String>> edit(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may change the settings"));
        }
        return DashboardRenderer.orRefusal(account(session).flatMap(account -> {
            var confirmation = new ConfirmPage(
                            "settings",
                            "Edit settings",
                            "Customers see the display name at checkout; the payout address receives what a"
                                    + " subscription, payment or link pays when it names none of its own. A field left"
                                    + " empty keeps its value.",
                            "/v1/account",
                            SETTINGS,
                            "Back to the settings")
                    .method("PATCH", "edit-settings")
                    .field("Display name", "displayName", "", value(account, "displayName"), "", false)
                    .field(
                            "Payout address",
                            "payoutAddressEvm",
                            "",
                            value(account, "payoutAddressEvm"),
                            "An EVM address: 0x followed by 40 hexadecimal digits.",
                            false)
                    .field(
                            "Invoice prefix",
                            "invoicePrefix",
                            "",
                            value(account, "invoicePrefix"),
                            "3 to 12 upper-case letters and digits (A-Z, 0-9), as in ACME-000001. Numbers already"
                                    + " given keep their prefix; the count goes on.",
                            false)
                    .button("Save settings", false);
            return renderer.page(
                    session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
        }));
    }

    @GetMapping(TEAM)
    public Mono<ResponseEntity<String>> team(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may see the team"));
        }
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var filled = ListPage.filled(query);
            var page = ListPage.page(filled, IdPrefix.USER);
            var now = Now.of(clock);
            return users.list(session.merchantId(), page)
                    .zipWith(invitations.pending(session.merchantId(), new PageRequest(ListPage.PAGE_SIZE, null)))
                    .flatMap(found -> {
                        var shown = found.getT1().map(user -> json.<JsonNode>valueToTree(UserJson.member(user, now)));
                        var model = ListPage.model(
                                session, TEAM, Map.of(), page, shown, m -> memberRow(m, session.userId()));
                        model.put("canAct", true);
                        model.put(
                                "invitations",
                                found.getT2().items().stream()
                                        .map(invitation -> invitationRow(
                                                json.<JsonNode>valueToTree(UserJson.invitation(invitation))))
                                        .toList());
                        model.put("moreInvitations", found.getT2().hasMore());
                        model.put("done", Rows.done(TEAM_DONE, query));
                        return renderer.page(session, "Team", SECTION, DashboardPages.TEAM, model);
                    });
        }));
    }

    @GetMapping(TEAM + "/{id}/unlock")
    public Mono<ResponseEntity<String>> unlock(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        if (!isOwner(session)) {
            return Mono.just(Rows.forbidden(session, "Only the owner may lift a lockout"));
        }
        return DashboardRenderer.orRefusal(users.member(session.merchantId(), id)
                .flatMap(member -> {
                    var confirmation = new ConfirmPage(
                                    "team",
                                    "Unlock " + member.email(),
                                    member.email()
                                            + " may sign in again at once, and the wrong passwords counted so far"
                                            + " are forgotten. Do this only once you know the attempts were theirs.",
                                    "/v1/team/members/" + id + "/unlock",
                                    TEAM,
                                    "Back to the team")
                            .button("Unlock member", false);
                    return renderer.page(
                            session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
                }));
    }

    /**
     * The branding part of the settings: what the checkout pages show and, for the owner's forms, the current values
     * ({@code accentOrDefault} starts the colour picker, which always holds a colour).
     */
    private static void putBranding(Map<String, Object> model, JsonNode account) {
        var accent = value(account, "accentColor");
        var brandName = value(account, "brandName");
        model.put("brandName", Shown.text(account, "brandName"));
        model.put("brandNameValue", brandName);
        model.put("shownName", !brandName.isEmpty() ? brandName : displayName(account));
        model.put("accent", accent);
        model.put("accentOrDefault", accent.isEmpty() ? DEFAULT_ACCENT : accent);
        model.put("logo", value(account, "logoPath"));
        model.put("idempotencyKey", "dash_" + UUID.randomUUID());
    }

    /** The merchant's invoice prefix, else the default one its numbers carry. */
    private static String invoicePrefix(JsonNode account) {
        var chosen = value(account, "invoicePrefix");
        return !chosen.isEmpty() ? chosen : InvoiceNumbers.defaultPrefix(value(account, "id")) + " (the default)";
    }

    /** The name customers see without a brand name: the display name, else the name. */
    private static String displayName(JsonNode account) {
        var display = value(account, "displayName");
        return !display.isEmpty() ? display : value(account, "name");
    }

    private static boolean isOwner(DashboardSession session) {
        return session.role().includes(UserRole.OWNER);
    }

    /** The session's merchant as {@code GET /v1/account} shows it. */
    private Mono<JsonNode> account(DashboardSession session) {
        return merchants.get(session.merchantId()).map(merchant -> json.valueToTree(MerchantJson.merchant(merchant)));
    }

    /** A form field's starting value: the current one, or empty. */
    private static String value(JsonNode account, String field) {
        var node = account.path(field);
        return node.isString() ? node.asString() : "";
    }

    private static Map<String, Object> invitationRow(JsonNode invitation) {
        return Map.of(
                "id", invitation.path("id").asString(),
                "email", Shown.text(invitation, "email"),
                "role", Shown.text(invitation, "role"),
                "created", Shown.time(invitation, "createdAt"),
                "expires", Shown.time(invitation, "expiresAt"));
    }

    private static Map<String, Object> memberRow(JsonNode m, String signedIn) {
        @Nullable String lockedUntil = m.path("lockedUntil").isString() ? Shown.time(m, "lockedUntil") : null;
        return Map.of(
                "id", m.path("id").asString(),
                "email", Shown.text(m, "email"),
                "role", Shown.text(m, "role"),
                "locked", lockedUntil != null,
                "lockedUntil", Objects.requireNonNullElse(lockedUntil, ""),
                "totp", m.path("totpEnabled").asBoolean(false),
                "created", Shown.time(m, "createdAt"),
                "self", m.path("id").asString().equals(signedIn));
    }
}
