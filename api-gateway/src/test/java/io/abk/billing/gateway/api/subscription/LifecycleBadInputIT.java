package io.abk.billing.gateway.api.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * Bad input on every lifecycle and invoice action, as one table: wrong types, bad values, non-object and
 * malformed bodies, unknown, malformed, foreign-merchant and other-mode ids, and a live key with
 * {@code sandboxMode}. Each is a 4xx {@code {error, code}} (naming the field when it is one), nothing is
 * produced to Kafka, and the resources read the same afterwards.
 */
class LifecycleBadInputIT extends LifecycleIT {

    private static final String UNKNOWN_SUBSCRIPTION = "sub_01jcrgx3b2m0x9k8d7f6e5a4s3";
    private static final String UNKNOWN_INVOICE = "inv_01jcrgx3b2m0x9k8d7f6e5a4s3";
    private static final List<String> SUBSCRIPTION_ACTIONS =
            List.of("activate", "complete", "cancel", "resume", "pause");
    private static final List<String> INVOICE_ACTIONS = List.of("charge", "refund", "void");

    /** One bad request: who sends it ({@code key}), where, with what body, and the error it must get. */
    record Case(
            String name,
            String key,
            HttpMethod method,
            String path,
            @Nullable String body,
            int status,
            String code,
            @Nullable String param) {}

    @Test
    void shouldAnswer4xxWithErrorAndCodeAndSendNothingWhenALifecycleRequestIsBad() {
        var merchant = newMerchant();
        var other = newMerchant();
        var open = subscribe(merchant, "test");
        var paid = activeSubscription(merchant, "10");
        var live = subscribe(merchant, "live");
        var cases = cases(merchant, other, open, paid, live);
        var commandsBefore = lifecycleCommands(merchant).size();
        var before = List.of(
                get(merchant, "test", "/v1/subscriptions/" + open.subscriptionId())
                        .body(),
                get(merchant, "test", "/v1/invoices/" + paid.invoiceId()).body());

        for (var bad : cases) {
            var reply = call(bad.method(), bad.path(), bad.key(), bad.body(), null);
            assertThat(reply.status()).as(bad.name() + ": " + reply.text()).isEqualTo(bad.status());
            assertThat(reply.code()).as(bad.name()).isEqualTo(bad.code());
            assertThat(reply.body().get("error").stringValue()).as(bad.name()).isNotBlank();
            if (bad.param() != null) {
                assertThat(reply.body().get("param").stringValue())
                        .as(bad.name())
                        .isEqualTo(bad.param());
            }
        }

        assertThat(cases).hasSizeGreaterThanOrEqualTo(80);
        assertThat(lifecycleCommands(merchant)).as("commands produced").hasSize(commandsBefore);
        assertThat(lifecycleCommands(other)).isEmpty();
        assertThat(List.of(
                        get(merchant, "test", "/v1/subscriptions/" + open.subscriptionId())
                                .body(),
                        get(merchant, "test", "/v1/invoices/" + paid.invoiceId())
                                .body()))
                .isEqualTo(before);
    }

    private static List<Case> cases(
            TestMerchant merchant, TestMerchant other, Created open, Created paid, Created live) {
        var cases = new ArrayList<Case>();
        var test = merchant.testKey();
        var post = HttpMethod.POST;
        var patch = HttpMethod.PATCH;
        // Every action: bodies that are not a JSON object, and ids that name nothing this key may touch.
        var routes = new ArrayList<String[]>();
        SUBSCRIPTION_ACTIONS.forEach(
                action -> routes.add(new String[] {"POST", "/v1/subscriptions/%s/" + action, open.subscriptionId()}));
        routes.add(new String[] {"PATCH", "/v1/subscriptions/%s", open.subscriptionId()});
        INVOICE_ACTIONS.forEach(
                action -> routes.add(new String[] {"POST", "/v1/invoices/%s/" + action, paid.invoiceId()}));
        for (var route : routes) {
            var method = HttpMethod.valueOf(route[0]);
            var path = route[1];
            var id = route[2];
            var isInvoice = path.startsWith("/v1/invoices");
            var name = route[0] + " " + path.formatted("{id}");
            for (var body : List.of("[1]", "\"text\"", "7", "true")) {
                cases.add(new Case(
                        name + " body " + body, test, method, path.formatted(id), body, 400, "validation_error", null));
            }
            cases.add(new Case(
                    name + " malformed JSON", test, method, path.formatted(id), "{\"a\":", 400, "invalid_json", null));
            var unknown = isInvoice ? UNKNOWN_INVOICE : UNKNOWN_SUBSCRIPTION;
            var wrongType = isInvoice ? open.subscriptionId() : paid.invoiceId();
            for (var missing : List.of(unknown, "not-an-id", wrongType)) {
                cases.add(new Case(
                        name + " id " + missing,
                        test,
                        method,
                        path.formatted(missing),
                        "{}",
                        404,
                        "resource_missing",
                        null));
            }
            cases.add(new Case(
                    name + " other merchant",
                    other.testKey(),
                    method,
                    path.formatted(id),
                    "{}",
                    404,
                    "resource_missing",
                    null));
            cases.add(new Case(
                    name + " other mode",
                    merchant.liveKey(),
                    method,
                    path.formatted(id),
                    "{}",
                    404,
                    "resource_missing",
                    null));
        }
        var activate = "/v1/subscriptions/" + open.subscriptionId() + "/activate";
        var complete = "/v1/subscriptions/" + open.subscriptionId() + "/complete";
        var cancel = "/v1/subscriptions/" + open.subscriptionId() + "/cancel";
        var update = "/v1/subscriptions/" + open.subscriptionId();
        for (var value : List.of("42", "\"\"", "true", "{}", "\"" + "x".repeat(256) + "\"")) {
            cases.add(field(
                    "activate onChainSubscriptionId " + value, test, post, activate, "onChainSubscriptionId", value));
            cases.add(field(
                    "complete onChainSubscriptionId " + value, test, post, complete, "onChainSubscriptionId", value));
        }
        for (var value : List.of("\"yes\"", "1", "[]")) {
            cases.add(field("cancel immediate " + value, test, post, cancel, "immediate", value));
        }
        for (var value : List.of("-1", "0", "1.0000001", "\"9.99\"", "1000000001", "true")) {
            cases.add(field("PATCH amountUsdc " + value, test, patch, update, "amountUsdc", value));
        }
        for (var value : List.of("\"week\"", "\"MONTH\"", "1", "\"\"")) {
            cases.add(field("PATCH interval " + value, test, patch, update, "interval", value));
        }
        for (var value : List.of("5", "\"\"", "\"" + "p".repeat(256) + "\"")) {
            cases.add(field("PATCH planId " + value, test, patch, update, "planId", value));
        }
        for (var value : List.of("\"a\"", "{\"k\":1}", "[]", "{\"" + "k".repeat(41) + "\":\"v\"}")) {
            cases.add(field("PATCH metadata " + value, test, patch, update, "metadata", value));
        }
        var charge = "/v1/invoices/" + open.invoiceId() + "/charge";
        for (var value : List.of("\"explode\"", "\"SUCCESS\"", "1", "\"\"")) {
            cases.add(field("charge sandboxMode " + value, test, post, charge, "sandboxMode", value));
        }
        var liveCharge = "/v1/invoices/" + live.invoiceId() + "/charge";
        for (var value : List.of("\"success\"", "\"insufficient_balance\"", "\"explode\"")) {
            cases.add(new Case(
                    "live charge sandboxMode " + value,
                    merchant.liveKey(),
                    post,
                    liveCharge,
                    "{\"sandboxMode\":" + value + "}",
                    400,
                    "sandbox_not_allowed",
                    "sandboxMode"));
        }
        var refund = "/v1/invoices/" + paid.invoiceId() + "/refund";
        for (var value : List.of("-1", "0", "-0.5", "1.1234567", "0.0000001", "\"5\"", "true", "1e10")) {
            cases.add(field("refund amountUsdc " + value, test, post, refund, "amountUsdc", value));
        }
        return cases;
    }

    /** A body with one bad field: 400 {@code validation_error} naming it. */
    private static Case field(String name, String key, HttpMethod method, String path, String field, String value) {
        return new Case(name, key, method, path, "{\"" + field + "\":" + value + "}", 400, "validation_error", field);
    }
}
