package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Metered billing in the dashboard: a subscription's items and its usage this period (fed from
 * billing.usage-summaries as the usage processor publishes it), metered prices in words on a product's page, and the
 * meters page (list, create, 409 on an event name the mode has, deactivate), which only an admin or the owner may
 * change, within the session's merchant and mode, every write with the session's CSRF token.
 */
class MeteredUsagePagesIT extends DashboardIT {

    private static final String TIERS =
            "[{\"upTo\":1000,\"unitAmountUsdc\":0},{\"upTo\":null,\"unitAmountUsdc\":0.002}]";

    @Test
    void shouldShowASubscriptionsItemsAndItsUsageThisPeriodFromTheSummaries() {
        // given a subscription of a licensed price and a tiered metered one, and a subscription without items
        var merchant = newMerchant(PAYOUT);
        var owner = member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");
        var meterId = meter(merchant, "api_calls", "count");
        var productId = product(merchant, "Calls API");
        var tiered = price(
                merchant,
                productId,
                "{\"usageType\":\"metered\",\"meterId\":\"" + meterId + "\",\"interval\":\"month\",\"tiers\":" + TIERS
                        + "}");
        var seats = price(merchant, productId, "{\"amountUsdc\":10,\"interval\":\"month\"}");
        var created = post(
                merchant,
                "test",
                "/v1/subscriptions",
                Map.of(
                        "merchantRef",
                        "ref-" + System.nanoTime(),
                        "customerWallet",
                        WALLET,
                        "payoutAddressEvm",
                        PAYOUT,
                        "items",
                        List.of(Map.of("priceId", seats, "quantity", 2), Map.of("priceId", tiered)),
                        "maxAmountPerPeriodUsdc",
                        new BigDecimal("50")));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var subscription = created.body().get("subscription");
        var id = subscription.get("id").stringValue();
        var seatsItem = subscription.get("items").get(0).get("id").stringValue();
        var meteredItem = subscription.get("items").get(1).get("id").stringValue();
        var plain = activeSubscription(merchant, "10.00").subscriptionId();

        // when the page is shown before anything was counted
        var before = page("/dashboard/subscriptions/" + id, viewer.token());

        // then it shows the items, the maximum per period and a usage of zero
        assertThat(before).contains("data-items").contains("data-max-per-period", "up to 50.00 USDC per month");
        var seatsRow = rowOf(before, "data-item=\"" + seatsItem + "\"");
        assertThat(seatsRow)
                .contains("data-usage-type=\"licensed\"", "Calls API", seats)
                .contains("<td class=\"num\" data-item-quantity>2</td>")
                .contains("<td class=\"num\" data-item-unit>10.00 USDC</td>");
        var meteredRow = rowOf(before, "data-item=\"" + meteredItem + "\"");
        assertThat(meteredRow)
                .contains("data-usage-type=\"metered\"", "Calls API")
                .contains("<td class=\"num\" data-item-unit>tiered</td>")
                .contains("<td class=\"mono\" data-item-event>api_calls</td>");
        assertThat(before).contains("data-usage", "<span data-usage-as-of>nothing counted yet</span>");
        assertThat(rowOf(before, "data-usage-item=\"" + meteredItem + "\""))
                .contains("<td class=\"num\" data-usage-quantity>0</td>")
                .contains("<td class=\"num\" data-usage-amount>0.00 USDC</td>");
        assertThat(before).as("the licensed item has no usage").doesNotContain("data-usage-item=\"" + seatsItem + "\"");

        // when the usage processor's summary arrives
        var start = Instant.parse(subscription.get("currentPeriodStart").stringValue());
        var asOf = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        publish(UsageSummary.newBuilder()
                .setSubscriptionId(id)
                .setMerchantId(merchant.id())
                .setMode(Mode.TEST)
                .setCustomerId(CustomerIds.of(merchant.id(), "test", WALLET))
                .setPeriodStart(start)
                .setPeriodEnd(start.plus(30, ChronoUnit.DAYS))
                .setItems(List.of(new UsageQuantity(meteredItem, meterId, 2_500L, 2_400L)))
                .setAsOf(asOf)
                .build());

        // then the page shows it, priced by the tiers (1,500 past the free 1,000 at 0.002), as of the summary
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            var after = page("/dashboard/subscriptions/" + id, viewer.token());
            assertThat(after).contains("<span data-usage-as-of>counted as of " + Shown.time(asOf) + "</span>");
            assertThat(rowOf(after, "data-usage-item=\"" + meteredItem + "\""))
                    .contains("api_calls")
                    .contains("<td class=\"num\" data-usage-quantity>2,500</td>")
                    .contains("<td class=\"num\" data-usage-events>2,400</td>")
                    .contains("<td class=\"num\" data-usage-amount>3.00 USDC</td>");
            assertThat(after).contains("data-usage-period>" + Shown.time(start) + " to ");
        });

        // and a subscription without items looks as before, another team's member finds neither
        assertThat(page("/dashboard/subscriptions/" + plain, viewer.token()))
                .doesNotContain("data-items")
                .doesNotContain("data-usage")
                .doesNotContain("data-max-per-period");
        // and its items make its amount, so only the subscription of one amount offers to change it
        assertThat(page("/dashboard/subscriptions/" + id, owner.token()))
                .contains("data-action=\"cancel\"")
                .doesNotContain("data-action=\"change-amount\"");
        assertThat(page("/dashboard/subscriptions/" + plain, owner.token())).contains("data-action=\"change-amount\"");
        var stranger = newTeam("Strangers").owner();
        assertThat(answer("/dashboard/subscriptions/" + id, stranger.token()).status())
                .isEqualTo(404);
    }

    @Test
    void shouldSayAMeteredPriceInWordsOnItsProductsPages() {
        // given a product with a per-unit and a tiered metered price and a licensed one
        var merchant = newMerchant(PAYOUT);
        member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");
        var meterId = meter(merchant, "api_calls", "sum");
        var productId = product(merchant, "API");
        var unit = price(
                merchant,
                productId,
                "{\"usageType\":\"metered\",\"meterId\":\"" + meterId
                        + "\",\"interval\":\"month\",\"unitAmountUsdc\":0.002}");
        var tiered = price(
                merchant,
                productId,
                "{\"usageType\":\"metered\",\"meterId\":\"" + meterId
                        + "\",\"interval\":\"year\",\"tiers\":[{\"upTo\":1000,\"unitAmountUsdc\":0},{\"upTo\":5000,"
                        + "\"unitAmountUsdc\":0.001},{\"upTo\":null,\"unitAmountUsdc\":0.0005,\"flatAmountUsdc\":2}]}");
        var licensed = price(merchant, productId, "{\"amountUsdc\":9.99,\"interval\":\"month\"}");

        // when a viewer reads the product and the catalog
        var detail = page("/dashboard/products/" + productId, viewer.token());
        var list = page("/dashboard/products", viewer.token());

        // then each price reads as it bills
        assertThat(rowOf(detail, "data-id=\"" + unit + "\""))
                .contains("data-usage-type=\"metered\"")
                .contains("0.002 USDC per unit of api_calls, metered monthly");
        assertThat(rowOf(detail, "data-id=\"" + tiered + "\""))
                .contains("tiered: first 1,000 free, next 4,000 at 0.001 USDC, then 0.0005 USDC + 2.00 USDC flat"
                        + " per unit of api_calls, metered yearly");
        assertThat(rowOf(detail, "data-id=\"" + licensed + "\""))
                .contains("data-usage-type=\"licensed\"")
                .contains("<td class=\"num\" data-price-amount>9.99 USDC</td>");
        assertThat(detail).doesNotContain(">" + Shown.NONE + "</td><td>month");
        assertThat(rowOf(list, "data-id=\"" + productId + "\""))
                .contains("0.002 USDC per unit of api_calls, metered monthly")
                .contains("tiered: first 1,000 free")
                .contains("9.99 USDC / month");
    }

    @Test
    void shouldListCreateAndDeactivateMetersAsAnAdminWithinTheMerchantAndMode() {
        // given a team with its owner and viewer, and another team
        var team = newTeam("Meters Ltd");
        var owner = team.owner();
        var other = newTeam("Other Meters").owner();

        // when the owner opens the form and creates a meter through the dashboard's API
        var form = page("/dashboard/meters/new", owner.token());
        var created = api(
                owner,
                HttpMethod.POST,
                "/v1/meters",
                Map.of("eventName", "api_calls", "aggregation", "sum", "displayName", "API calls"));
        var again = api(owner, HttpMethod.POST, "/v1/meters", Map.of("eventName", "api_calls", "aggregation", "count"));

        // then the form posts to the API, the meter is listed, a second of its event name is 409
        assertThat(form)
                .contains(
                        "data-page=\"meter\"",
                        "data-api-path=\"/v1/meters\"",
                        "data-next=\"/dashboard/meters?done=create\"")
                .contains("name=\"eventName\"", "name=\"aggregation\"", "name=\"displayName\"");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var id = created.body().get("id").stringValue();
        assertThat(again.status()).as(again.text()).isEqualTo(409);
        assertThat(again.code()).isEqualTo("meter_exists");
        assertThat(again.body().get("error").stringValue()).contains("api_calls");
        var list = page("/dashboard/meters?done=create", owner.token());
        assertThat(list)
                .contains("data-page=\"meters\"", "href=\"/dashboard/meters\"", "data-done")
                .contains("data-action=\"create\"");
        assertThat(rowOf(list, "data-id=\"" + id + "\""))
                .contains("data-event-name=\"api_calls\"", "<td data-aggregation>sum</td>", "API calls")
                .contains("data-status>active<")
                .contains("href=\"/dashboard/meters/" + id + "/deactivate\"");

        // and the viewer sees it but may not create or deactivate, nor may anyone without the CSRF token
        var viewerList = page("/dashboard/meters", team.viewer().token());
        assertThat(viewerList)
                .contains("data-id=\"" + id + "\"")
                .doesNotContain("data-action=\"create\"")
                .doesNotContain("data-action=\"deactivate\"");
        assertThat(answer("/dashboard/meters/new", team.viewer().token()).status())
                .isEqualTo(403);
        assertThat(answer(
                                "/dashboard/meters/" + id + "/deactivate",
                                team.viewer().token())
                        .status())
                .isEqualTo(403);
        assertThat(api(team.viewer(), HttpMethod.POST, "/v1/meters", Map.of("eventName", "v", "aggregation", "sum"))
                        .status())
                .isEqualTo(403);
        assertThat(api(team.viewer(), HttpMethod.POST, "/v1/meters/" + id + "/deactivate", Map.of())
                        .status())
                .isEqualTo(403);
        var noCsrf = apiWith(
                owner, HttpMethod.POST, "/v1/meters", Map.of("eventName", "no_csrf", "aggregation", "sum"), null, null);
        assertThat(noCsrf.status()).isEqualTo(403);
        assertThat(apiWith(owner, HttpMethod.POST, "/v1/meters/" + id + "/deactivate", Map.of(), null, null)
                        .status())
                .isEqualTo(403);
        assertThat(page("/dashboard/meters", owner.token())).doesNotContain("no_csrf");

        // and another team's member, or the owner in live mode, finds no such meter
        assertThat(answer("/dashboard/meters/" + id + "/deactivate", other.token())
                        .status())
                .isEqualTo(404);
        assertThat(api(other, HttpMethod.POST, "/v1/meters/" + id + "/deactivate", Map.of())
                        .status())
                .isEqualTo(404);
        assertThat(page("/dashboard/meters", other.token())).doesNotContain(id).contains("data-empty");
        switchMode(owner, "live", "meters").expectStatus().isSeeOther();
        assertThat(answer("/dashboard/meters/" + id + "/deactivate", owner.token())
                        .status())
                .isEqualTo(404);
        assertThat(page("/dashboard/meters", owner.token())).doesNotContain(id);
        switchMode(owner, "test", "meters").expectStatus().isSeeOther();

        // when the owner confirms its deactivation
        var confirm = page("/dashboard/meters/" + id + "/deactivate", owner.token());
        var deactivated = api(owner, HttpMethod.POST, "/v1/meters/" + id + "/deactivate", Map.of());

        // then it is inactive, and offers no deactivation any more
        assertThat(confirm)
                .contains("data-api-path=\"/v1/meters/" + id + "/deactivate\"")
                .contains("data-next=\"/dashboard/meters?done=deactivate\"")
                .contains("data-action=\"confirm\"");
        assertThat(deactivated.status()).as(deactivated.text()).isEqualTo(200);
        var after = page("/dashboard/meters?done=deactivate", owner.token());
        assertThat(rowOf(after, "data-id=\"" + id + "\""))
                .contains("data-status>inactive<")
                .doesNotContain("data-action=\"deactivate\"");
        assertThat(after).contains("The meter is deactivated");
    }

    /** The {@code <tr>} of the page holding {@code marker}. */
    private static String rowOf(String page, String marker) {
        var at = page.indexOf(marker);
        assertThat(at).as(marker + " in " + page).isNotNegative();
        var start = page.lastIndexOf("<tr", at);
        return page.substring(start, page.indexOf("</tr>", at));
    }

    private String meter(TestMerchant merchant, String eventName, String aggregation) {
        var reply = post(merchant, "test", "/v1/meters", Map.of("eventName", eventName, "aggregation", aggregation));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("id").stringValue();
    }

    private String product(TestMerchant merchant, String name) {
        var reply = post(merchant, "test", "/v1/products", Map.of("name", name));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("product").get("id").stringValue();
    }

    private String price(TestMerchant merchant, String productId, String body) {
        var reply = call(HttpMethod.POST, "/v1/products/" + productId + "/prices", merchant.testKey(), body, null);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        JsonNode price = reply.body().get("price");
        return price.get("id").stringValue();
    }

    private static void publish(UsageSummary summary) {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000),
                Topics.USAGE_SUMMARIES.keySerde().serializer(),
                Topics.USAGE_SUMMARIES.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(
                            Topics.USAGE_SUMMARIES.name(Deployment.DEFAULT), summary.getSubscriptionId(), summary))
                    .get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish the usage summary", e);
        }
    }
}
