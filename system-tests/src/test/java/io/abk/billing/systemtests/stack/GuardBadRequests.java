package io.abk.billing.systemtests.stack;

import io.abk.billing.systemtests.stack.GuardFixtures.Made;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The table of {@code LifecycleBadInputIT}: bad requests on every subscription and invoice route, each with the answer
 * it must get and who must refuse it. Gateway refusals: bodies that are not a JSON object or not JSON, wrong types and
 * bad values (checked in {@code RequestFields} and the route request classes), unknown, malformed, foreign and
 * other-mode ids, {@code sandboxMode} with a live key. Processor refusals: every rule of
 * docs/architecture.md, "State machines" that a subscription or invoice in the wrong state breaks.
 */
final class GuardBadRequests {

    static final String UNKNOWN_SUBSCRIPTION = "sub_01jzzzzzzzzzzzzzzzzzzzzzzz";
    static final String UNKNOWN_INVOICE = "inv_01jzzzzzzzzzzzzzzzzzzzzzzz";
    private static final List<String> SUBSCRIPTION_ROUTES =
            List.of("activate", "complete", "cancel", "resume", "pause", "PATCH");
    private static final List<String> INVOICE_ROUTES = List.of("charge", "refund", "void");

    private GuardBadRequests() {}

    /**
     * Subscriptions of {@code merchant} in every state a rule refuses from, one of its live mode ({@code live})
     * and an active one of another merchant ({@code foreign}).
     */
    record Fixtures(
            Api api,
            TestMerchant merchant,
            Made incomplete,
            Made completed,
            Made active,
            Made paused,
            Made canceledPaid,
            Made canceledVoided,
            Made refunded,
            Made live,
            Made foreign) {

        List<Made> all() {
            return List.of(
                    incomplete, completed, active, paused, canceledPaid, canceledVoided, refunded, live, foreign);
        }

        String testKey() {
            return merchant.testKey();
        }

        String liveKey() {
            return merchant.liveKey();
        }
    }

    /** Who refuses: the gateway before producing anything, or the subscription processor by its rules. */
    enum Refusal {
        GATEWAY,
        PROCESSOR
    }

    /** One bad request: what it is, the answer it must get, who refuses it, and whose state it must leave alone. */
    record Bad(
            String name,
            int status,
            String code,
            Refusal by,
            Function<Fixtures, Made> target,
            Function<Fixtures, Call> request) {
        @Override
        public String toString() {
            return name + " -> " + status + " " + code;
        }
    }

    static List<Bad> cases() {
        var cases = new ArrayList<Bad>();
        SUBSCRIPTION_ROUTES.forEach(route -> cases.addAll(everySubscriptionRoute(route)));
        INVOICE_ROUTES.forEach(route -> cases.addAll(everyInvoiceRoute(route)));
        cases.addAll(GuardBadFields.cases());
        cases.addAll(reads());
        cases.addAll(checkout());
        cases.addAll(callers());
        cases.addAll(GuardBadStates.cases());
        return cases;
    }

    /** What every subscription route refuses: no JSON object, not JSON, not JSON at all, and ids it may not touch. */
    private static List<Bad> everySubscriptionRoute(String route) {
        var cases = new ArrayList<Bad>();
        cases.addAll(bodies(
                route,
                Fixtures::incomplete,
                (fx, body, type) -> subscription(
                                fx, fx.testKey(), fx.incomplete().subscriptionId(), route)
                        .body(body, type)));
        cases.add(gateway(
                route + " of an unknown subscription",
                404,
                "resource_missing",
                Fixtures::incomplete,
                fx -> subscription(fx, fx.testKey(), UNKNOWN_SUBSCRIPTION, route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " of a malformed id",
                404,
                "resource_missing",
                Fixtures::incomplete,
                fx -> subscription(fx, fx.testKey(), "not-an-id", route).json(Map.of())));
        cases.add(gateway(
                route + " of an invoice id",
                404,
                "resource_missing",
                Fixtures::incomplete,
                fx -> subscription(fx, fx.testKey(), fx.incomplete().invoiceId(), route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " of another merchant's subscription",
                404,
                "resource_missing",
                Fixtures::foreign,
                fx -> subscription(fx, fx.testKey(), fx.foreign().subscriptionId(), route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " of a live subscription with the test key",
                404,
                "resource_missing",
                Fixtures::live,
                fx -> subscription(fx, fx.testKey(), fx.live().subscriptionId(), route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " of a test subscription with the live key",
                404,
                "resource_missing",
                Fixtures::incomplete,
                fx -> subscription(fx, fx.liveKey(), fx.incomplete().subscriptionId(), route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " with a 256-character Idempotency-Key",
                400,
                "validation_error",
                Fixtures::incomplete,
                fx -> subscription(fx, fx.testKey(), fx.incomplete().subscriptionId(), route)
                        .idempotencyKey("k".repeat(256))
                        .json(Map.of())));
        return cases;
    }

    private static List<Bad> everyInvoiceRoute(String route) {
        Function<Fixtures, Made> target = route.equals("refund") ? Fixtures::active : Fixtures::completed;
        var cases = new ArrayList<Bad>();
        cases.addAll(bodies(
                route,
                target,
                (fx, body, type) -> invoice(fx, fx.testKey(), target.apply(fx).invoiceId(), route)
                        .body(body, type)));
        cases.add(gateway(
                route + " of an unknown invoice",
                404,
                "resource_missing",
                target,
                fx -> invoice(fx, fx.testKey(), UNKNOWN_INVOICE, route).json(Map.of())));
        cases.add(gateway(
                route + " of a malformed id",
                404,
                "resource_missing",
                target,
                fx -> invoice(fx, fx.testKey(), "not-an-id", route).json(Map.of())));
        cases.add(gateway(
                route + " of a subscription id",
                404,
                "resource_missing",
                target,
                fx -> invoice(fx, fx.testKey(), target.apply(fx).subscriptionId(), route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " of another merchant's invoice",
                404,
                "resource_missing",
                Fixtures::foreign,
                fx -> invoice(fx, fx.testKey(), fx.foreign().invoiceId(), route).json(Map.of())));
        cases.add(gateway(
                route + " of a live invoice with the test key",
                404,
                "resource_missing",
                Fixtures::live,
                fx -> invoice(fx, fx.testKey(), fx.live().invoiceId(), route).json(Map.of())));
        cases.add(gateway(
                route + " of a test invoice with the live key",
                404,
                "resource_missing",
                target,
                fx -> invoice(fx, fx.liveKey(), target.apply(fx).invoiceId(), route)
                        .json(Map.of())));
        cases.add(gateway(
                route + " with a 256-character Idempotency-Key",
                400,
                "validation_error",
                target,
                fx -> invoice(fx, fx.testKey(), target.apply(fx).invoiceId(), route)
                        .idempotencyKey("k".repeat(256))
                        .json(Map.of())));
        return cases;
    }

    /** A body sent with its content type. */
    interface BodyCall {
        Call send(Fixtures fx, String body, String contentType);
    }

    private static List<Bad> bodies(String route, Function<Fixtures, Made> target, BodyCall call) {
        return List.of(
                gateway(
                        route + " with malformed JSON",
                        400,
                        "invalid_json",
                        target,
                        fx -> call.send(fx, "{\"a\":", "application/json")),
                gateway(
                        route + " with a JSON array body",
                        400,
                        "validation_error",
                        target,
                        fx -> call.send(fx, "[1]", "application/json")),
                gateway(
                        route + " with a JSON string body",
                        400,
                        "validation_error",
                        target,
                        fx -> call.send(fx, "\"yes\"", "application/json")),
                gateway(
                        route + " with a JSON number body",
                        400,
                        "validation_error",
                        target,
                        fx -> call.send(fx, "7", "application/json")),
                gateway(
                        route + " with a text/plain body",
                        415,
                        "unsupported_media_type",
                        target,
                        fx -> call.send(fx, "{}", "text/plain")));
    }

    /** GET of invoices: list filters and page parameters, and ids the key may not read. */
    private static List<Bad> reads() {
        var cases = new ArrayList<Bad>();
        for (var query : List.of(
                "limit=0",
                "limit=101",
                "limit=abc",
                "limit=-1",
                "limit=1.5",
                "limit=",
                "limit=99999999999",
                "subscriptionId=abc",
                "subscriptionId=",
                "subscriptionId=" + UNKNOWN_INVOICE,
                "startingAfter=abc",
                "startingAfter=",
                "startingAfter=" + UNKNOWN_SUBSCRIPTION)) {
            cases.add(gateway(
                    "GET invoices?" + query,
                    400,
                    "validation_error",
                    Fixtures::incomplete,
                    fx -> fx.api().get(Invoices.PATH + "?" + query).key(fx.testKey())));
        }
        cases.add(gateway(
                "GET invoices?subscriptionId= in upper case",
                400,
                "validation_error",
                Fixtures::incomplete,
                fx -> fx.api()
                        .get(Invoices.PATH + "?subscriptionId="
                                + fx.incomplete().subscriptionId().toUpperCase())
                        .key(fx.testKey())));
        for (var read : List.<Map.Entry<String, Function<Fixtures, Call>>>of(
                Map.entry("an unknown invoice", fx -> getInvoice(fx, fx.testKey(), UNKNOWN_INVOICE)),
                Map.entry("a malformed id", fx -> getInvoice(fx, fx.testKey(), "not-an-id")),
                Map.entry(
                        "a subscription id",
                        fx -> getInvoice(fx, fx.testKey(), fx.incomplete().subscriptionId())),
                Map.entry(
                        "another merchant's invoice",
                        fx -> getInvoice(fx, fx.testKey(), fx.foreign().invoiceId())),
                Map.entry(
                        "a live invoice with the test key",
                        fx -> getInvoice(fx, fx.testKey(), fx.live().invoiceId())),
                Map.entry(
                        "a test invoice with the live key",
                        fx -> getInvoice(fx, fx.liveKey(), fx.incomplete().invoiceId())))) {
            cases.add(gateway(
                    "GET invoice of " + read.getKey(), 404, "resource_missing", Fixtures::incomplete, read.getValue()));
        }
        return cases;
    }

    /** The public checkout routes of a subscription: no key, the id is the capability. */
    private static List<Bad> checkout() {
        var cases = new ArrayList<Bad>();
        for (var id : List.<Map.Entry<String, Function<Fixtures, String>>>of(
                Map.entry("an unknown subscription", fx -> UNKNOWN_SUBSCRIPTION),
                Map.entry("a malformed id", fx -> "not-an-id"),
                Map.entry("an invoice id", fx -> fx.active().invoiceId()))) {
            cases.add(gateway(
                    "checkout session of " + id.getKey(),
                    404,
                    "resource_missing",
                    Fixtures::incomplete,
                    fx -> fx.api().get("/checkout/subscribe/" + id.getValue().apply(fx) + ".json")));
            cases.add(gateway(
                    "checkout activate of " + id.getKey(),
                    404,
                    "resource_missing",
                    Fixtures::incomplete,
                    fx -> checkoutActivate(fx, id.getValue().apply(fx)).json(Map.of())));
        }
        cases.addAll(bodies(
                "checkout activate",
                Fixtures::incomplete,
                (fx, body, type) ->
                        checkoutActivate(fx, fx.incomplete().subscriptionId()).body(body, type)));
        cases.add(gateway(
                "checkout activate with a body over 64 KiB",
                413,
                "payload_too_large",
                Fixtures::incomplete,
                fx -> checkoutActivate(fx, fx.incomplete().subscriptionId())
                        .body("{\"note\":\"" + "n".repeat(70_000) + "\"}", "application/json")));
        for (var value : List.of("42", "\"\"", "true", "{}", "[\"0x1\"]", "\"" + "x".repeat(256) + "\"")) {
            cases.add(gateway(
                    "checkout activate onChainSubscriptionId " + shorten(value),
                    400,
                    "validation_error",
                    Fixtures::incomplete,
                    fx -> checkoutActivate(fx, fx.incomplete().subscriptionId())
                            .body("{\"onChainSubscriptionId\":" + value + "}", "application/json")));
        }
        return cases;
    }

    /**
     * Requests that never reach a route's rules: no key or an unknown one, an unsupported {@code Service-Version},
     * or a method the route does not have.
     */
    private static List<Bad> callers() {
        var cases = new ArrayList<Bad>();
        var routes = List.<Map.Entry<String, Function<Fixtures, Call>>>of(
                Map.entry(
                        "activate",
                        fx -> fx.api()
                                .post(Subscriptions.PATH + "/" + fx.incomplete().subscriptionId() + "/activate")),
                Map.entry(
                        "PATCH",
                        fx -> fx.api()
                                .patch(Subscriptions.PATH + "/"
                                        + fx.incomplete().subscriptionId())
                                .json(Map.of("planId", "gold"))),
                Map.entry(
                        "charge",
                        fx -> fx.api()
                                .post(Invoices.PATH + "/" + fx.incomplete().invoiceId() + "/charge")),
                Map.entry(
                        "refund",
                        fx -> fx.api()
                                .post(Invoices.PATH + "/" + fx.incomplete().invoiceId() + "/refund")),
                Map.entry(
                        "void",
                        fx -> fx.api()
                                .post(Invoices.PATH + "/" + fx.incomplete().invoiceId() + "/void")),
                Map.entry(
                        "GET invoice",
                        fx -> fx.api().get(Invoices.PATH + "/" + fx.incomplete().invoiceId())),
                Map.entry(
                        "GET invoices",
                        fx -> fx.api()
                                .get(Invoices.PATH + "?subscriptionId="
                                        + fx.incomplete().subscriptionId())));
        for (var route : routes) {
            var call = route.getValue();
            cases.add(gateway(
                    route.getKey() + " without a key", 401, "authentication_error", Fixtures::incomplete, call));
            cases.add(gateway(
                    route.getKey() + " with an unknown key",
                    401,
                    "authentication_error",
                    Fixtures::incomplete,
                    fx -> call.apply(fx).key("abk_test_" + "0".repeat(40))));
            cases.add(gateway(
                    route.getKey() + " with Service-Version 2025-01-01",
                    400,
                    "unsupported_api_version",
                    Fixtures::incomplete,
                    fx -> call.apply(fx).key(fx.testKey()).header("Service-Version", "2025-01-01")));
        }
        for (var wrong : List.<Map.Entry<String, Function<Fixtures, String>>>of(
                Map.entry("GET", fx -> Invoices.PATH + "/" + fx.incomplete().invoiceId() + "/charge"),
                Map.entry(
                        "PUT", fx -> Subscriptions.PATH + "/" + fx.incomplete().subscriptionId()),
                Map.entry("DELETE", fx -> Invoices.PATH + "/" + fx.incomplete().invoiceId()),
                Map.entry("PATCH", fx -> Invoices.PATH + "/" + fx.incomplete().invoiceId()),
                Map.entry(
                        "GET", fx -> Subscriptions.PATH + "/" + fx.incomplete().subscriptionId() + "/activate"))) {
            cases.add(gateway(
                    wrong.getKey() + " on a route without it",
                    405,
                    "method_not_allowed",
                    Fixtures::incomplete,
                    fx -> new Call(
                                    fx.api().info().baseUrl(),
                                    wrong.getKey(),
                                    wrong.getValue().apply(fx))
                            .key(fx.testKey())));
        }
        return cases;
    }

    static Bad gateway(
            String name, int status, String code, Function<Fixtures, Made> target, Function<Fixtures, Call> request) {
        return new Bad(name, status, code, Refusal.GATEWAY, target, request);
    }

    static Bad processor(String name, String code, Function<Fixtures, Made> target, Function<Fixtures, Call> request) {
        return new Bad(name, 400, code, Refusal.PROCESSOR, target, request);
    }

    /** {@code POST /v1/subscriptions/{id}/<route>}, or for {@code PATCH} the subscription itself. */
    static Call subscription(Fixtures fx, String key, String id, String route) {
        var path = Subscriptions.PATH + "/" + id;
        return (route.equals("PATCH") ? fx.api().patch(path) : fx.api().post(path + "/" + route)).key(key);
    }

    static Call invoice(Fixtures fx, String key, String id, String route) {
        return fx.api().post(Invoices.PATH + "/" + id + "/" + route).key(key);
    }

    static Call checkoutActivate(Fixtures fx, String id) {
        return fx.api().post("/checkout/subscribe/" + id + "/activate");
    }

    private static Call getInvoice(Fixtures fx, String key, String id) {
        return fx.api().get(Invoices.PATH + "/" + id).key(key);
    }

    /** A JSON literal for a case name: long ones by their length. */
    static String shorten(String literal) {
        return literal.length() <= 40 ? literal : "of " + literal.length() + " characters";
    }

    /** {@code count} metadata keys, each with value {@code v}. */
    static String metadataWithKeys(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> "\"k" + i + "\":\"v\"")
                .collect(Collectors.joining(",", "{", "}"));
    }
}
