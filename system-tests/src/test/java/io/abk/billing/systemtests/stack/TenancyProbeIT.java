package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.abk.billing.systemtests.stack.RouteTable.Access;
import io.abk.billing.systemtests.stack.RouteTable.Route;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tenant and mode isolation probed over the whole route table: merchant A holds one of each resource in both modes
 * ({@link MerchantEstate}); every route with a path id is called at A's ids as merchant B (both modes) and as A's
 * other mode, every list as B and as A's other mode (also with A's ids as filters and cursors), every operator route
 * with A's merchant keys, and every checkout route with A's ids of another kind. Each must be refused as if the
 * resource did not exist (404 {@code resource_missing}, the same answer an unknown id gets), or 401/403 on the
 * operator API, and no answer may carry any of A's ids (but the one asked for), its marker text or its secrets.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class TenancyProbeIT {

    /** Lists an API key may not read, whoever's it is: only a team member may, through the dashboard. */
    private static final Set<String> MEMBER_ONLY_LISTS = Set.of("/v1/team/members", "/v1/api_keys");

    private static Api api;
    private static Receiver receiver;
    private static MerchantEstate a;
    private static MerchantEstate b;
    private static RouteTable table;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        receiver = Receiver.start();
        a = MerchantEstate.create(api, "probe-a", receiver);
        b = MerchantEstate.create(api, "probe-b", receiver);
        table = RouteTable.load();
    }

    @AfterAll
    static void tearDown() {
        receiver.close();
    }

    @Test
    void shouldAnswerAsForAMissingResourceAndLeakNothingWhenAnotherMerchantOrTheOtherModeNamesAnIdOnEveryRoute() {
        var problems = new ArrayList<String>();
        int probes = 0;
        for (var route : table.routes()) {
            if (route.access() != Access.MERCHANT || route.pathVariables().isEmpty()) {
                continue;
            }
            for (var mode : List.of("test", "live")) {
                var ids = new HashMap<String, String>();
                var unknown = new HashMap<String, String>();
                for (var variable : route.pathVariables()) {
                    var prefix = route.idPrefix(variable);
                    var id = a.id(mode, prefix);
                    if (id != null) {
                        ids.put(variable, id);
                        unknown.put(variable, prefix + "_01jzzzzzzzzzzzzzzzzzzzzzzz");
                    }
                }
                if (ids.size() < route.pathVariables().size()) {
                    continue;
                }
                var otherMode = mode.equals("test") ? "live" : "test";
                for (var caller : List.of(b.key("test"), b.key("live"), a.key(otherMode))) {
                    // given what an unknown id gets from this caller, when A's id is asked for, then the same: 404
                    var missing = call(route, route.path(unknown), caller).send();
                    var reply = call(route, route.path(ids), caller).send();
                    probes++;
                    // A route that validates its body before it looks the id up (POST .../prices, PATCH /v1/prices/{id}
                    // with
                    // the empty body sent here) answers A's id exactly as an unknown one: refused the same, nothing
                    // learnt.
                    boolean asUnknown = reply.status() == missing.status()
                            && reply.status() >= 400
                            && reply.status() < 500
                            && sameRefusal(missing, reply, unknown, ids);
                    if (!asUnknown && (reply.status() != 404 || !"resource_missing".equals(codeOf(reply)))) {
                        problems.add(route + " at A's " + mode + " id as " + who(caller) + ": " + reply
                                + " (an unknown id: " + missing.status() + ")");
                    } else if (!sameRefusal(missing, reply, unknown, ids)) {
                        problems.add(route + " at A's " + mode + " id as " + who(caller)
                                + " differs from an unknown id's: " + reply + " vs " + missing);
                    }
                    leaks(reply, Set.copyOf(ids.values())).ifPresent(problems::add);
                }
            }
        }
        // then every probe was refused as a missing resource, and the probe reached the routes it means to
        assertThat(probes).as("probes made").isGreaterThan(50);
        if (!problems.isEmpty()) {
            fail(
                    "%d of %d probes with another tenant's or mode's ids were not refused as missing or leaked:%n%s",
                    problems.size(), probes, String.join(System.lineSeparator(), problems));
        }
    }

    @Test
    void shouldListNothingOfMerchantAWhenAnotherMerchantOrTheOtherModeListsEvenWithAsIdsAsFiltersOrCursors() {
        var problems = new ArrayList<String>();
        for (var route : table.routes()) {
            if (route.access() != Access.MERCHANT
                    || !route.method().equals("GET")
                    || !route.pathVariables().isEmpty()) {
                continue;
            }
            var collection = route.template().substring(route.template().lastIndexOf('/') + 1);
            var prefix = RouteTable.ID_PREFIXES.get(collection);
            // given A's own list in test mode shows A's resource (the probe looks where the data is); a list only a
            // team member may read (A's API keys) refuses A's own key as it refuses B's
            if (MEMBER_ONLY_LISTS.contains(route.template())) {
                api.get(route.template()).key(a.key("test")).send().expect(403);
            } else if (prefix != null && a.id("test", prefix) != null) {
                var own = api.get(route.template() + "?limit=100")
                        .key(a.key("test"))
                        .send()
                        .expect(200);
                assertThat(own.body()).as("A's own list %s", route).contains(a.id("test", prefix));
            }
            for (var mode : List.of("test", "live")) {
                var otherMode = mode.equals("test") ? "live" : "test";
                for (var query : queries(route, mode)) {
                    for (var caller : List.of(b.key("test"), b.key("live"), a.key(otherMode))) {
                        // when another tenant or mode lists, then nothing of A's mode is in it
                        var reply =
                                api.get(route.template() + query).key(caller).send();
                        if (reply.status() >= 500
                                || reply.status() == 200 && !reply.body().startsWith("{")) {
                            problems.add(route + query + " as " + who(caller) + ": " + reply);
                        }
                        var asked =
                                query.isEmpty() ? Set.<String>of() : Set.of(query.substring(query.indexOf('=') + 1));
                        // A's other mode is still A: its own merchant's id (GET /v1/account) is no leak there.
                        boolean ownMerchant = caller.equals(a.key(otherMode));
                        var others = a.ids(mode).entrySet().stream()
                                .filter(id -> !(ownMerchant && id.getKey().equals("mer")))
                                .map(Map.Entry::getValue)
                                .toList();
                        leaksOf(reply, others, asked, !ownMerchant).ifPresent(problems::add);
                    }
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldRefuseEveryOperatorRouteWith401Or403WhenCalledWithAMerchantsKey() {
        var problems = new ArrayList<String>();
        for (var route : table.routes()) {
            if (route.access() != Access.ADMIN) {
                continue;
            }
            var ids = new HashMap<String, String>();
            route.pathVariables().forEach(variable -> ids.put(variable, a.id("test", route.idPrefix(variable))));
            for (var key : List.of(a.key("test"), a.key("live"))) {
                for (var bearer : List.of(true, false)) {
                    // when A's own key asks the operator API about A, then it is refused, and nothing of A is shown
                    var call = call(route, route.path(ids), null);
                    var reply = (bearer ? call.bearer(key) : call.key(key)).send();
                    if (reply.status() != 401 && reply.status() != 403
                            || codeOf(reply).isEmpty()) {
                        problems.add(route + " with a merchant key (" + (bearer ? "Bearer" : "x-service-api-key")
                                + "): " + reply);
                    }
                    leaks(reply, Set.copyOf(ids.values())).ifPresent(problems::add);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldAnswer404AndShowNoSecretWhenACheckoutRouteIsGivenAnIdOfAnotherKind() {
        var problems = new ArrayList<String>();
        for (var route : table.routes()) {
            if (route.access() != Access.PUBLIC || route.pathVariables().isEmpty()) {
                continue;
            }
            if (route.toString().contains(" /portal")) {
                // The customer portal's routes need a portal session (401 without one, whatever the id); PortalIT
                // probes their tenancy with sessions of two wallets and two merchants.
                continue;
            }
            var variable = route.pathVariables().getFirst();
            var prefix = route.idPrefix(variable);
            for (var other : a.ids("test").entrySet()) {
                if (other.getKey().equals(prefix) || other.getKey().equals("wha")) {
                    continue;
                }
                // when a checkout route is given one of A's ids of another kind, then it is missing
                var reply = call(route, route.path(Map.of(variable, other.getValue())), null)
                        .send();
                if (reply.status() != 404) {
                    problems.add(route + " with A's " + other.getKey() + " id: " + reply);
                }
            }
            // and with the id of its own kind (the capability) it shows none of A's secrets; an invitation's link
            // takes a token, not an id A has, so only the ids of other kinds are tried there
            var ownId = a.id("test", prefix);
            if (ownId == null) {
                continue;
            }
            var own = call(route, route.path(Map.of(variable, ownId)), null).send();
            for (var secret : a.secrets()) {
                if (own.body().contains(secret)) {
                    problems.add(route + " shows one of A's secrets: " + HostileRequest.shorten(own.body(), 300));
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldAnswerAsForAMissingResourceAndShowNothingOfAWhenAnotherTeamOrTheOtherModeOpensADashboardPage() {
        // given members of B signed in to each mode, and members of A signed in to each mode, each an owner (whose
        // role opens every page, the settings' and the team's too, so the page looks the id up)
        var merchantA = a.id("test", "mer");
        var merchantB = b.id("test", "mer");
        var sessions = Map.of(
                "B's test", DashboardSessions.member(api, merchantB, null),
                "B's live", DashboardSessions.member(api, merchantB, "owner"),
                "A's test", DashboardSessions.member(api, merchantA, null),
                "A's live", DashboardSessions.member(api, merchantA, "owner"));
        DashboardSessions.switchMode(api, sessions.get("B's live"), "live");
        DashboardSessions.switchMode(api, sessions.get("A's live"), "live");
        var problems = new ArrayList<String>();
        int probes = 0;
        for (var route : table.routes()) {
            if (route.access() != Access.DASHBOARD || !route.method().equals("GET")) {
                continue;
            }
            for (var mode : List.of("test", "live")) {
                var otherMode = mode.equals("test") ? "live" : "test";
                var ids = new HashMap<String, String>();
                route.pathVariables().forEach(variable -> {
                    var id = a.id(mode, route.idPrefix(variable));
                    if (id != null) {
                        ids.put(variable, id);
                    }
                });
                if (ids.size() < route.pathVariables().size()) {
                    continue;
                }
                for (var who : List.of("B's test", "B's live", "A's " + otherMode)) {
                    // when another team, or A's other mode, opens the page at A's ids (or A's list), then: missing
                    var reply = DashboardSessions.page(api, sessions.get(who).token(), route.path(ids));
                    probes++;
                    if (!route.pathVariables().isEmpty() && reply.status() != 404) {
                        problems.add(route + " at A's " + mode + " id as " + who + ": " + reply.status());
                    }
                    if (route.pathVariables().isEmpty() && reply.status() != 200) {
                        problems.add(route + " as " + who + ": " + reply.status());
                    }
                    // A's own members may see A's merchant id in the other mode: the audit log's entries of the
                    // team itself (its members, its settings) belong to no mode
                    var asked = new HashSet<>(ids.values());
                    if (who.startsWith("A's")) {
                        asked.add(merchantA);
                    }
                    leaksOf(reply, a.ids(mode).values(), asked, !who.startsWith("A's"))
                            .ifPresent(problems::add);
                }
            }
        }
        assertThat(probes).as("dashboard probes made").isGreaterThan(10);
        assertThat(problems).isEmpty();
    }

    /** The list's queries: none, and each id-valued query parameter set to A's id of that kind in {@code mode}. */
    private static List<String> queries(Route route, String mode) {
        var queries = new ArrayList<String>(List.of(""));
        var collection = route.template().substring(route.template().lastIndexOf('/') + 1);
        for (var parameter : route.queryParameters()) {
            String prefix = switch (parameter) {
                case "startingAfter" -> RouteTable.ID_PREFIXES.get(collection);
                case "subscriptionId", "subjectId" -> "sub";
                case "merchantId" -> "mer";
                case "customerId" -> "cus";
                case "couponId" -> "coupon";
                default -> null;
            };
            if (prefix != null && a.id(mode, prefix) != null) {
                queries.add("?" + parameter + "=" + a.id(mode, prefix));
            }
        }
        return queries;
    }

    /** The route called with a body that is valid wherever the body is optional ({@code {}}), with {@code key} if not null. */
    private static Call call(Route route, String path, String key) {
        var call = new Call(api.info().baseUrl(), route.method(), path);
        if (route.takesJson()) {
            call.json(Map.of());
        }
        return key == null ? call : call.key(key);
    }

    /** The same refusal, once each answer's own id and request id are taken out. */
    private static boolean sameRefusal(
            Reply missing, Reply reply, Map<String, String> unknown, Map<String, String> ids) {
        return normalised(missing.body(), unknown).equals(normalised(reply.body(), ids));
    }

    private static String normalised(String body, Map<String, String> ids) {
        var text = body.replaceAll("req_[0-9a-z]{26}", "req");
        for (var id : ids.values()) {
            text = text.replace(id, "<id>");
        }
        return text;
    }

    /** A's ids (but those asked for), marker or secrets in the answer. */
    private static java.util.Optional<String> leaks(Reply reply, Set<String> asked) {
        var all = new ArrayList<String>(a.resourceIds());
        all.add(a.id("test", "mer"));
        return leaksOf(reply, all, asked, true);
    }

    /** As {@link #leaks}; {@code marker} false for A's other mode, whose own resources carry the same marker text. */
    private static java.util.Optional<String> leaksOf(
            Reply reply, java.util.Collection<String> ids, Set<String> asked, boolean marker) {
        var body = reply.body();
        var shown = new ArrayList<String>();
        for (var id : ids) {
            if (!asked.contains(id) && body.contains(id)) {
                shown.add(id);
            }
        }
        if (marker && body.contains(a.marker())) {
            shown.add("marker " + a.marker());
        }
        a.secrets().stream().filter(body::contains).forEach(secret -> shown.add("a secret"));
        return shown.isEmpty()
                ? java.util.Optional.empty()
                : java.util.Optional.of(
                        reply.request() + " leaks A's " + shown + ": " + HostileRequest.shorten(body, 300));
    }

    private static String codeOf(Reply reply) {
        try {
            return reply.json().path("code").asString("");
        } catch (AssertionError e) {
            return "";
        }
    }

    private static String who(String key) {
        if (key.equals(b.key("test"))) {
            return "B (test)";
        }
        if (key.equals(b.key("live"))) {
            return "B (live)";
        }
        return "A (other mode)";
    }
}
