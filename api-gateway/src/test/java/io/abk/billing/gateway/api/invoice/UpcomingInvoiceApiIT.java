package io.abk.billing.gateway.api.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.UpdateSubscription;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /v1/invoices/upcoming} and the PATCH's plan-change fields over HTTP (docs/architecture.md, "Plan changes
 * and proration"). The merchant's test clock is frozen, so the preview and the change share one instant. The stand-in
 * processor makes a change's proration lines by the shared rule; billing-streams' tests hold the real decider to it.
 */
class UpcomingInvoiceApiIT extends LifecycleIT {

    private static final String CREATED_AT = "2031-01-01T00:00:00Z";
    /** Halfway through the stand-in's 30-day first period. */
    private static final String HALFWAY = "2031-01-16T00:00:00Z";

    @Test
    void shouldPreviewAChangeWithTheLinesTheChangeThenLeavesOnTheNextInvoice() {
        // given an active 10 USDC subscription, halfway through its period
        var merchant = newMerchant();
        freeze(merchant, CREATED_AT);
        var created = activeSubscription(merchant, "10");
        freeze(merchant, HALFWAY);
        var upcoming = "/v1/invoices/upcoming?subscriptionId=" + created.subscriptionId();
        var before = get(merchant, "test", upcoming);
        assertThat(before.status()).as(before.text()).isEqualTo(200);
        assertThat(amounts(before.body())).containsExactly("10");

        // when a move down to 5 USDC is previewed
        var preview = get(merchant, "test", upcoming + "&amountUsdc=5&prorationBehavior=create_prorations");

        // then the next invoice bills 5, less the unused half of 10, plus the remaining half of 5
        assertThat(preview.status()).as(preview.text()).isEqualTo(200);
        var invoice = preview.body();
        assertThat(invoice.get("object").stringValue()).isEqualTo("invoice");
        assertThat(invoice.get("id").isNull()).isTrue();
        assertThat(invoice.get("status").stringValue()).isEqualTo("draft");
        assertThat(invoice.get("billingReason").stringValue()).isEqualTo("subscription_cycle");
        assertThat(amounts(invoice)).containsExactly("5", "-5", "2.5");
        assertThat(invoice.get("lines").get(1).get("description").stringValue())
                .isEqualTo("Unused time on 10 USDC per month");
        assertThat(invoice.get("amountUsdc").decimalValue()).isEqualByComparingTo("2.5");

        // and when the change is made at the same instant
        var patched = call(
                HttpMethod.PATCH,
                "/v1/subscriptions/" + created.subscriptionId(),
                merchant.key("test"),
                Map.of("amountUsdc", 5, "prorationBehavior", "create_prorations"),
                null);

        // then the subscription holds the two lines, and the next invoice is exactly the one previewed
        assertThat(patched.status()).as(patched.text()).isEqualTo(200);
        assertThat(patched.body().get("subscription").get("pendingInvoiceLines"))
                .hasSize(2);
        var after = get(merchant, "test", upcoming);
        assertThat(after.body().get("lines")).isEqualTo(invoice.get("lines"));
        assertThat(after.body()).isEqualTo(invoice);
        var update = (UpdateSubscription) lifecycleCommands(merchant).getLast().getPayload();
        assertThat(update.getProrationBehavior()).isEqualTo("create_prorations");
        assertThat(update.getAmountMicros()).isEqualTo(5_000_000L);
    }

    @Test
    void shouldSendThePricesTermsWhenThePatchNamesAPrice() {
        var merchant = newMerchant();
        var created = activeSubscription(merchant, "10");
        var product = post(
                merchant,
                "test",
                "/v1/products",
                Map.of(
                        "name",
                        "Lite",
                        "prices",
                        List.of(Map.of("amountUsdc", new BigDecimal("4.5"), "interval", "month"))));
        var priceId =
                product.body().get("product").get("prices").get(0).get("id").stringValue();

        var patched = call(
                HttpMethod.PATCH,
                "/v1/subscriptions/" + created.subscriptionId(),
                merchant.key("test"),
                Map.of("priceId", priceId, "prorationBehavior", "none"),
                null);

        assertThat(patched.status()).as(patched.text()).isEqualTo(200);
        var update = (UpdateSubscription) lifecycleCommands(merchant).getLast().getPayload();
        assertThat(update.getPriceId()).isEqualTo(priceId);
        assertThat(update.getAmountMicros()).isEqualTo(4_500_000L);
        assertThat(update.getInterval()).isEqualTo("month");
        assertThat(update.getProrationBehavior()).isEqualTo("none");
        assertThat(patched.body().get("subscription").get("pendingInvoiceLines"))
                .isEmpty();
    }

    @Test
    void shouldAnswer404ForAnotherMerchantsOrModesSubscription() {
        var owner = newMerchant();
        var created = subscribe(owner, "test");
        var path = "/v1/invoices/upcoming?subscriptionId=" + created.subscriptionId();

        var other = get(newMerchant(), "test", path);
        var live = get(owner, "live", path);

        assertThat(other.status()).as(other.text()).isEqualTo(404);
        assertThat(other.code()).isEqualTo("resource_missing");
        assertThat(live.status()).as(live.text()).isEqualTo(404);
    }

    @Test
    void shouldAnswer400ForABadBehaviorOrACanceledSubscription() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        var upcoming = "/v1/invoices/upcoming?subscriptionId=" + created.subscriptionId();
        var sent = lifecycleCommands(merchant).size();

        var preview = get(merchant, "test", upcoming + "&amountUsdc=5&prorationBehavior=sometimes");
        var patch = call(
                HttpMethod.PATCH,
                "/v1/subscriptions/" + created.subscriptionId(),
                merchant.key("test"),
                Map.of("amountUsdc", 5, "prorationBehavior", "sometimes"),
                null);

        assertThat(preview.status()).as(preview.text()).isEqualTo(400);
        assertThat(preview.code()).isEqualTo("invalid_proration_behavior");
        assertThat(patch.status()).as(patch.text()).isEqualTo(400);
        assertThat(patch.code()).isEqualTo("invalid_proration_behavior");
        assertThat(lifecycleCommands(merchant)).as("nothing sent").hasSize(sent);
        assertThat(get(merchant, "test", "/v1/invoices/upcoming").code()).isEqualTo("validation_error");

        var canceled = post(
                merchant,
                "test",
                "/v1/subscriptions/" + created.subscriptionId() + "/cancel",
                Map.of("immediate", true));
        assertThat(canceled.status()).as(canceled.text()).isEqualTo(200);
        var after = get(merchant, "test", upcoming);
        assertThat(after.status()).as(after.text()).isEqualTo(400);
        assertThat(after.code()).isEqualTo("subscription_canceled");
    }

    private void freeze(TestMerchant merchant, String at) {
        var reply = call(HttpMethod.POST, "/v1/test_clock", merchant.key("test"), Map.of("frozenAt", at), null);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    }

    /** The lines' amounts as plain decimals ({@code 2.5}, never {@code 2.500000} or {@code 1E+1}). */
    private static List<String> amounts(JsonNode invoice) {
        var amounts = new ArrayList<String>();
        invoice.get("lines")
                .forEach(line -> amounts.add(line.get("amountUsdc")
                        .decimalValue()
                        .stripTrailingZeros()
                        .toPlainString()));
        return amounts;
    }
}
