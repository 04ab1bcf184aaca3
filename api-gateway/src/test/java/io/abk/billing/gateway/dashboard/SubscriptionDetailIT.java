package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.api.event.EventRows;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * A subscription found by its merchant reference or its customer's wallet (the page's search and the API's filters,
 * within the caller's merchant only), and its page in depth: the timeline of its events with their webhook
 * deliveries, and its mandate. The webhook sender does not run in the gateway's tests: events and delivery attempts
 * are inserted as it writes them ({@link EventRows}).
 */
class SubscriptionDetailIT extends DashboardIT {

    private static final String URL = "https://93.184.215.14/hooks/timeline";

    @Test
    void shouldFindBySearchOnlyTheTeamsSubscriptionsOfAMerchantRefOrOfAWalletInAnyCase() {
        var merchant = newMerchant(PAYOUT);
        var other = newMerchant(PAYOUT);
        var ref = "order-" + System.nanoTime();
        var wallet = "0x" + Long.toHexString(System.nanoTime()) + "abcdef".repeat(5);
        wallet = wallet.substring(0, 42);
        var mine = subscribe(merchant, ref, wallet);
        var mineOtherRef = subscribe(merchant, ref + "-2", "0x" + "1".repeat(40));
        var theirs = subscribe(other, ref, wallet);
        var owner = member(merchant.id(), null);

        assertThat(page("/dashboard/subscriptions?q=" + ref, owner.token()))
                .contains("data-id=\"" + mine + "\"")
                .doesNotContain("data-id=\"" + mineOtherRef + "\"")
                .doesNotContain("data-id=\"" + theirs + "\"");
        var upper = "0x" + wallet.substring(2).toUpperCase(Locale.ROOT);
        assertThat(page("/dashboard/subscriptions?q=" + upper, owner.token()))
                .contains("data-id=\"" + mine + "\"")
                .doesNotContain("data-id=\"" + mineOtherRef + "\"")
                .doesNotContain("data-id=\"" + theirs + "\"")
                .as("the pager and the export keep the search")
                .contains("export.csv?q=" + upper);
        assertThat(page("/dashboard/subscriptions?status=active&q=" + ref, owner.token()))
                .doesNotContain("data-id=\"" + mine + "\"")
                .contains("data-empty");
        pageAnswer("/dashboard/subscriptions?q=" + "x".repeat(256), owner.token())
                .expectStatus()
                .isBadRequest();

        assertThat(idsOf(get(merchant, "test", "/v1/subscriptions?merchantRef=" + ref)))
                .containsExactly(mine);
        assertThat(idsOf(get(merchant, "test", "/v1/subscriptions?customerWallet=" + upper)))
                .containsExactly(mine);
        assertThat(idsOf(get(merchant, "test", "/v1/subscriptions?customerWallet=" + upper + "&status=active")))
                .isEmpty();
        var bad = get(merchant, "test", "/v1/subscriptions?customerWallet=0x12");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().path("param").asString()).isEqualTo("customerWallet");
        var csv = answer("/dashboard/subscriptions/export.csv?q=" + ref, owner.token());
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.body()).contains(mine).doesNotContain(mineOtherRef).doesNotContain(theirs);
    }

    @Test
    void shouldShowTheTimelineOfTheSubscriptionsEventsNewestFirstWithTheirWebhookDeliveries() {
        var merchant = newMerchant(PAYOUT);
        var created = activeSubscription(merchant, "10.00");
        var other = subscribe(merchant, "test");
        var endpointId = createEndpoint(merchant.key("test"));
        var now = Instant.now();
        var createdEvent = EventRows.event(
                database(),
                merchant.id(),
                "test",
                "subscription.created",
                created.subscriptionId(),
                now.minusSeconds(30));
        var activated = EventRows.event(
                database(),
                merchant.id(),
                "test",
                "subscription.activated",
                created.subscriptionId(),
                now.minusSeconds(20));
        var paid = EventRows.event(
                database(), merchant.id(), "test", "invoice.paid", created.subscriptionId(), now.minusSeconds(10));
        var othersEvent = EventRows.event(
                database(), merchant.id(), "test", "subscription.created", other.subscriptionId(), now.minusSeconds(5));
        EventRows.attempt(
                database(),
                endpointId,
                merchant.id(),
                "test",
                activated.id(),
                1,
                "succeeded",
                200,
                null,
                null,
                now.minusSeconds(19));
        member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");

        var detail = page("/dashboard/subscriptions/" + created.subscriptionId(), viewer.token());

        assertThat(detail)
                .contains("data-timeline")
                .contains("data-id=\"" + createdEvent.id() + "\"")
                .contains("href=\"/dashboard/api/v1/events/" + activated.id() + "\"")
                .doesNotContain("data-id=\"" + othersEvent.id() + "\"")
                .contains("data-delivery=\"" + endpointId + "\"")
                .contains("HTTP 200");
        assertThat(detail.indexOf("data-id=\"" + paid.id() + "\""))
                .as("newest first")
                .isLessThan(detail.indexOf("data-id=\"" + activated.id() + "\""));
        assertThat(detail.indexOf("data-id=\"" + activated.id() + "\""))
                .isLessThan(detail.indexOf("data-id=\"" + createdEvent.id() + "\""));
        var createdRow = rowOf(detail, createdEvent.id());
        assertThat(createdRow).contains("data-no-endpoint").doesNotContain("data-delivery");
        assertThat(rowOf(detail, activated.id())).doesNotContain("data-no-endpoint");
        // The event link answers the event to the member (a viewer may read events).
        assertThat(answer("/dashboard/api/v1/events/" + activated.id(), viewer.token())
                        .status())
                .isEqualTo(200);
    }

    @Test
    void shouldShowTheMandateAsTheGatewayKnowsItWithoutExplorerLinksInTheSandbox() {
        var merchant = newMerchant(PAYOUT);
        var created = activeSubscription(merchant, "10.00");
        var owner = member(merchant.id(), null);

        var detail = page("/dashboard/subscriptions/" + created.subscriptionId(), owner.token());

        assertThat(detail)
                .contains("data-mandate")
                .contains("Sandbox: charges are simulated")
                .contains(WALLET)
                .contains("data-mandate-note=\"sandbox\"")
                .contains(SubscriptionMandate.UNAVAILABLE.get("sandbox"))
                .as("no chain figures in the sandbox")
                .doesNotContain("Allowance left")
                .as("the sandbox's hashes are simulated: nothing links to an explorer")
                .doesNotContain("data-explorer");
        assertThat(page("/dashboard/invoices/" + created.invoiceId(), owner.token()))
                .doesNotContain("data-explorer");
    }

    @Test
    void shouldAnswerTheMandateAsUnavailableInTheSandboxOrWithoutALiveChainAndOnlyToItsMerchantAndMode() {
        var merchant = newMerchant(PAYOUT);
        var other = newMerchant(PAYOUT);
        var test = activeSubscription(merchant, "10.00").subscriptionId();
        var live = subscribe(merchant, "live").subscriptionId();
        member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");

        var sandbox = get(merchant, "test", "/v1/subscriptions/" + test + "/mandate");
        var noChain = get(merchant, "live", "/v1/subscriptions/" + live + "/mandate");
        var throughDashboard = api(viewer, HttpMethod.GET, "/v1/subscriptions/" + test + "/mandate", null);

        assertThat(sandbox.status()).as(sandbox.text()).isEqualTo(200);
        assertThat(sandbox.body().path("object").asString()).isEqualTo("subscription_mandate");
        assertThat(sandbox.body().path("available").asBoolean()).isFalse();
        assertThat(sandbox.body().path("reason").asString()).isEqualTo("sandbox");
        assertThat(sandbox.body().path("subscription").asString()).isEqualTo(test);
        assertThat(sandbox.body().path("walletAddress").asString()).isEqualTo(WALLET);
        assertThat(sandbox.body().path("amount").decimalValue()).isEqualByComparingTo("10");
        assertThat(sandbox.body().path("allowance").isNull()).isTrue();
        assertThat(sandbox.body().path("periodsCovered").isNull()).isTrue();
        assertThat(noChain.status()).as(noChain.text()).isEqualTo(200);
        assertThat(noChain.body().path("mode").asString()).isEqualTo("live");
        assertThat(noChain.body().path("available").asBoolean()).isFalse();
        assertThat(noChain.body().path("reason").asString())
                .as("a live subscription not yet subscribed on chain")
                .isEqualTo("not_on_chain");
        assertThat(throughDashboard.status()).as(throughDashboard.text()).isEqualTo(200);
        assertThat(throughDashboard.body().path("reason").asString()).isEqualTo("sandbox");
        assertThat(get(other, "test", "/v1/subscriptions/" + test + "/mandate").status())
                .isEqualTo(404);
        assertThat(get(merchant, "live", "/v1/subscriptions/" + test + "/mandate")
                        .status())
                .isEqualTo(404);
    }

    /** A month subscription of 9.99 with this merchant reference and customer wallet; its id. */
    private String subscribe(TestMerchant merchant, String merchantRef, String wallet) {
        var reply = call(
                HttpMethod.POST,
                "/v1/subscriptions",
                merchant.key("test"),
                Map.of(
                        "merchantRef", merchantRef,
                        "customerWallet", wallet,
                        "payoutAddressEvm", PAYOUT,
                        "amountUsdc", new BigDecimal("9.99"),
                        "interval", "month"),
                null);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().path("subscription").path("id").asString();
    }

    private String createEndpoint(String key) {
        var reply = call(HttpMethod.POST, "/v1/webhook_endpoints", key, Map.of("url", URL), null);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().path("webhookEndpoint").path("id").asString();
    }

    private static List<String> idsOf(Reply reply) {
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        var ids = new ArrayList<String>();
        reply.body()
                .path("subscriptions")
                .forEach(subscription -> ids.add(subscription.path("id").asString()));
        return ids;
    }

    /** The timeline's row of the event, up to its end. */
    private static String rowOf(String page, String eventId) {
        var start = page.indexOf("data-id=\"" + eventId + "\"");
        assertThat(start).isNotNegative();
        return page.substring(start, page.indexOf("</tr>", start));
    }
}
