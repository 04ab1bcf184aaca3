package io.abk.billing.systemtests.stack;

import static io.abk.billing.systemtests.stack.GuardBadRequests.gateway;
import static io.abk.billing.systemtests.stack.GuardBadRequests.invoice;
import static io.abk.billing.systemtests.stack.GuardBadRequests.shorten;
import static io.abk.billing.systemtests.stack.GuardBadRequests.subscription;

import io.abk.billing.systemtests.stack.GuardBadRequests.Bad;
import io.abk.billing.systemtests.stack.GuardBadRequests.Fixtures;
import io.abk.billing.systemtests.stack.GuardFixtures.Made;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Bad fields of the lifecycle and invoice bodies, all refused by the gateway with 400 {@code validation_error}
 * (or {@code sandbox_not_allowed}, 413) before anything is produced: wrong JSON types (strings are not amounts,
 * {@code "yes"} is not a boolean), bad values (non-positive, 7-decimal and too large amounts, unknown intervals
 * and sandbox modes), and metadata that is not a map of short strings. Each literal is sent exactly as written.
 */
final class GuardBadFields {

    private GuardBadFields() {}

    static List<Bad> cases() {
        var cases = new ArrayList<Bad>();
        for (var value : List.of("42", "\"\"", "\"   \"", "true", "{}", "[\"0x1\"]", "\"" + "x".repeat(256) + "\"")) {
            cases.add(field("activate", Fixtures::incomplete, "onChainSubscriptionId", value));
            cases.add(field("complete", Fixtures::incomplete, "onChainSubscriptionId", value));
        }
        for (var value : List.of("\"yes\"", "\"true\"", "1", "0", "[]", "{}")) {
            cases.add(field("cancel", Fixtures::incomplete, "immediate", value));
        }
        for (var value : List.of(
                "\"9.99\"",
                "\"1\"",
                "-1",
                "-0.000001",
                "0",
                "0.0",
                "1.0000001",
                "0.0000001",
                "1e-7",
                "1000000000.000001",
                "1e10",
                "true",
                "[5]",
                "{\"usdc\":5}")) {
            cases.add(field("PATCH", Fixtures::active, "amountUsdc", value));
        }
        for (var value : List.of("\"week\"", "\"once\"", "\"MONTH\"", "\"monthly\"", "\"\"", "1", "[\"month\"]")) {
            cases.add(field("PATCH", Fixtures::active, "interval", value));
        }
        for (var value : List.of("5", "\"\"", "\" \"", "true", "[\"gold\"]", "\"" + "p".repeat(256) + "\"")) {
            cases.add(field("PATCH", Fixtures::active, "planId", value));
        }
        for (var value : List.of(
                "\"plan=gold\"",
                "[\"plan\"]",
                "7",
                "true",
                "{\"seats\":3}",
                "{\"seats\":null}",
                "{\"seats\":true}",
                "{\"nested\":{\"a\":\"b\"}}",
                "{\"" + "k".repeat(41) + "\":\"v\"}",
                "{\"\":\"v\"}",
                "{\"note\":\"" + "n".repeat(501) + "\"}",
                GuardBadRequests.metadataWithKeys(51))) {
            cases.add(field("PATCH", Fixtures::active, "metadata", value));
        }
        cases.add(gateway(
                "PATCH with a body over 64 KiB",
                413,
                "payload_too_large",
                Fixtures::active,
                fx -> subscription(fx, fx.testKey(), fx.active().subscriptionId(), "PATCH")
                        .body("{\"metadata\":{\"note\":\"" + "n".repeat(70_000) + "\"}}", "application/json")));
        cases.add(gateway(
                "refund with a body over 64 KiB and an Idempotency-Key",
                413,
                "payload_too_large",
                Fixtures::active,
                fx -> invoice(fx, fx.testKey(), fx.active().invoiceId(), "refund")
                        .idempotencyKey("big-" + fx.active().invoiceId())
                        .body("{\"amountUsdc\":1,\"note\":\"" + "n".repeat(70_000) + "\"}", "application/json")));
        for (var value :
                List.of("\"explode\"", "\"SUCCESS\"", "\"Success\"", "\"\"", "5", "true", "[\"success\"]", "{}")) {
            cases.add(field("charge", Fixtures::completed, "sandboxMode", value));
        }
        for (var value :
                List.of("\"success\"", "\"insufficient_balance\"", "\"allowance_revoked\"", "\"explode\"", "5")) {
            cases.add(gateway(
                    "charge with the live key and sandboxMode " + value,
                    400,
                    "sandbox_not_allowed",
                    Fixtures::live,
                    fx -> invoice(fx, fx.liveKey(), fx.live().invoiceId(), "charge")
                            .body("{\"sandboxMode\":" + value + "}", "application/json")));
        }
        for (var value : List.of(
                "\"1\"",
                "\"0.30\"",
                "-1",
                "-0.5",
                "0",
                "0.000000",
                "1.1234567",
                "0.0000001",
                "1e-7",
                "1e10",
                "1000000000.000001",
                "true",
                "[1]",
                "{\"usdc\":1}")) {
            cases.add(field("refund", Fixtures::active, "amountUsdc", value));
        }
        return cases;
    }

    /** The route's body {@code {field: value}} with {@code value} a raw JSON literal: 400 {@code validation_error}. */
    private static Bad field(String route, Function<Fixtures, Made> target, String field, String value) {
        var body = "{\"" + field + "\":" + value + "}";
        Function<Fixtures, Call> request = switch (route) {
            case "charge", "refund" ->
                fx -> invoice(fx, fx.testKey(), target.apply(fx).invoiceId(), route)
                        .body(body, "application/json");
            default ->
                fx -> subscription(fx, fx.testKey(), target.apply(fx).subscriptionId(), route)
                        .body(body, "application/json");
        };
        return gateway(route + " " + field + " " + shorten(value), 400, "validation_error", target, request);
    }
}
