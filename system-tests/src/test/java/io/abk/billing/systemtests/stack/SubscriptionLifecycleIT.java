package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Create (by price and ad hoc), get and list through the real processor and read model: exact values, the
 * status filter, cursor pagination, read-your-writes, and what the create leaves on the topics.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class SubscriptionLifecycleIT {

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("lifecycle");
    }

    @Test
    void shouldCreateIncompleteSubscriptionWithOpenInvoiceOfTheSameAmountWhenCreatedAdHoc() {
        // given an ad hoc body of 9.99 USDC a month, with metadata and return URLs
        var body = Subscriptions.adHoc("order-adhoc-1");
        body.put("metadata", Map.of("plan", "gold", "seats", "3"));
        body.put("successUrl", "https://shop.example/thanks");
        body.put("cancelUrl", "https://shop.example/cart");
        var before = Instant.now().minusSeconds(1);

        // when it is created
        var reply = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(body)
                .send()
                .expect(201);

        // then the subscription is incomplete, for exactly 9.99, one calendar month long, with the values given
        var created = reply.json();
        assertThat(created.propertyNames()).containsExactly("subscription", "invoice", "checkoutUrl");
        var subscription = created.path("subscription");
        var id = subscription.path("id").asString();
        assertThat(id).matches("sub_[0-9a-z]{26}");
        assertThat(reply.body()).contains("\"amountUsdc\":9.99,");
        assertThat(Json.decimal(subscription.path("amountUsdc"))).isEqualTo(new BigDecimal("9.99"));
        assertThat(subscription.path("object").asString()).isEqualTo("subscription");
        assertThat(subscription.path("status").asString()).isEqualTo("incomplete");
        assertThat(subscription.path("interval").asString()).isEqualTo("month");
        assertThat(subscription.path("walletAddress").asString()).isEqualTo(Subscriptions.WALLET);
        assertThat(subscription.path("payoutAddressEvm").asString()).isEqualTo(Api.MERCHANT_PAYOUT);
        assertThat(subscription.path("merchantRef").asString()).isEqualTo("order-adhoc-1");
        assertThat(subscription.path("priceId").isNull()).isTrue();
        assertThat(subscription.path("trialEnd").isNull()).isTrue();
        assertThat(subscription.path("cancelAtPeriodEnd").asBoolean(true)).isFalse();
        assertThat(subscription.path("mandateStatus").asString()).isEqualTo("pending");
        assertThat(subscription.path("mode").asString()).isEqualTo("test");
        assertThat(subscription.path("successUrl").asString()).isEqualTo("https://shop.example/thanks");
        assertThat(subscription.path("cancelUrl").asString()).isEqualTo("https://shop.example/cart");
        assertThat(subscription.path("metadata")).isEqualTo(Json.parse("{\"plan\":\"gold\",\"seats\":\"3\"}"));
        var createdAt = instant(subscription, "createdAt");
        assertThat(createdAt).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(instant(subscription, "currentPeriodStart")).isEqualTo(createdAt);
        assertThat(instant(subscription, "currentPeriodEnd"))
                .isEqualTo(createdAt.atZone(ZoneOffset.UTC).plusMonths(1).toInstant());

        // and its first invoice is open, due now, for the same amount and period
        var invoice = created.path("invoice");
        assertThat(invoice.path("id").asString()).matches("inv_[0-9a-z]{26}");
        assertThat(subscription.path("latestInvoiceId").asString())
                .isEqualTo(invoice.path("id").asString());
        assertThat(invoice.path("object").asString()).isEqualTo("invoice");
        assertThat(invoice.path("subscriptionId").asString()).isEqualTo(id);
        assertThat(invoice.path("status").asString()).isEqualTo("open");
        assertThat(Json.decimal(invoice.path("amountUsdc"))).isEqualTo(new BigDecimal("9.99"));
        assertThat(Json.decimal(invoice.path("amountRefundedUsdc"))).isEqualByComparingTo("0");
        assertThat(invoice.path("billingReason").asString()).isEqualTo("subscription_create");
        assertThat(instant(invoice, "periodStart")).isEqualTo(instant(subscription, "currentPeriodStart"));
        assertThat(instant(invoice, "periodEnd")).isEqualTo(instant(subscription, "currentPeriodEnd"));
        assertThat(instant(invoice, "dueAt")).isEqualTo(createdAt);
        assertThat(invoice.path("paidAt").isNull()).isTrue();
        assertThat(invoice.path("failureCode").isNull()).isTrue();
        assertThat(invoice.path("mode").asString()).isEqualTo("test");

        // and the checkout URL is the public one of this subscription
        assertThat(created.path("checkoutUrl").asString()).isEqualTo(api.publicUrl() + "/checkout/subscribe/" + id);

        // and GET answers the bare subscription, equal to the created one
        assertThat(Subscriptions.get(api, merchant.testKey(), id).expect(200).json())
                .isEqualTo(subscription);
    }

    @Test
    void shouldTakeAmountIntervalAndTrialFromThePriceWhenCreatedByPriceId() {
        // given a product with a monthly, a yearly and a monthly price with a 14-day trial
        var product = Subscriptions.createProduct(
                api,
                merchant.testKey(),
                "Gold plan",
                List.of(
                        Subscriptions.price("25", "month", 0),
                        Subscriptions.price("120.5", "year", 0),
                        Subscriptions.price("19.5", "month", 14)));
        var prices = product.path("prices");
        assertThat(prices).hasSize(3);
        var monthly = prices.get(0).path("id").asString();
        var yearly = prices.get(1).path("id").asString();
        var trial = prices.get(2).path("id").asString();

        // when a subscription is created from each price
        var byMonthly = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Subscriptions.byPrice("order-month", monthly))
                .send()
                .expect(201)
                .json();
        var byYearly = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Subscriptions.byPrice("order-year", yearly))
                .send()
                .expect(201)
                .json();
        var byTrial = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Subscriptions.byPrice("order-trial", trial))
                .send()
                .expect(201)
                .json();

        // then the monthly one bills 25 a calendar month, first invoice 25
        var month = byMonthly.path("subscription");
        assertThat(month.path("priceId").asString()).isEqualTo(monthly);
        assertThat(Json.decimal(month.path("amountUsdc"))).isEqualTo(new BigDecimal("25"));
        assertThat(month.path("interval").asString()).isEqualTo("month");
        assertThat(Json.decimal(byMonthly.at("/invoice/amountUsdc"))).isEqualTo(new BigDecimal("25"));
        assertThat(instant(month, "currentPeriodEnd"))
                .isEqualTo(instant(month, "currentPeriodStart")
                        .atZone(ZoneOffset.UTC)
                        .plusMonths(1)
                        .toInstant());

        // and the yearly one 120.5 a calendar year
        var year = byYearly.path("subscription");
        assertThat(year.path("priceId").asString()).isEqualTo(yearly);
        assertThat(Json.decimal(year.path("amountUsdc"))).isEqualTo(new BigDecimal("120.5"));
        assertThat(year.path("interval").asString()).isEqualTo("year");
        assertThat(Json.decimal(byYearly.at("/invoice/amountUsdc"))).isEqualTo(new BigDecimal("120.5"));
        assertThat(instant(year, "currentPeriodEnd"))
                .isEqualTo(instant(year, "currentPeriodStart")
                        .atZone(ZoneOffset.UTC)
                        .plusYears(1)
                        .toInstant());

        // and the trial one bills 19.5 from the trial's end, its first invoice is 0 and its period ends with the trial
        var trialing = byTrial.path("subscription");
        var createdAt = instant(trialing, "createdAt");
        assertThat(trialing.path("status").asString()).isEqualTo("incomplete");
        assertThat(Json.decimal(trialing.path("amountUsdc"))).isEqualTo(new BigDecimal("19.5"));
        assertThat(instant(trialing, "trialEnd")).isEqualTo(createdAt.plus(Duration.ofDays(14)));
        assertThat(instant(trialing, "currentPeriodEnd")).isEqualTo(instant(trialing, "trialEnd"));
        assertThat(byTrial.path("invoice").path("status").asString()).isEqualTo("open");
        assertThat(Json.decimal(byTrial.at("/invoice/amountUsdc"))).isEqualByComparingTo("0");

        // and each reads back exactly as created
        for (var created : List.of(byMonthly, byYearly, byTrial)) {
            var subscription = created.path("subscription");
            assertThat(Subscriptions.get(
                                    api,
                                    merchant.testKey(),
                                    subscription.path("id").asString())
                            .expect(200)
                            .json())
                    .isEqualTo(subscription);
        }
    }

    @Test
    void shouldFilterByStatusAndPageNewestFirstWithoutGapsOrDuplicatesWhenSevenExist() {
        // given a merchant with seven subscriptions, created one after the other
        var own = api.newMerchant("pagination");
        var created = new ArrayList<String>();
        for (int i = 0; i < 7; i++) {
            created.add(Subscriptions.create(api, own.testKey(), "order-page-" + i)
                    .at("/subscription/id")
                    .asString());
        }
        var newestFirst = created.reversed();

        // when listed by status, then incomplete has all seven newest first and active none
        var incomplete = Subscriptions.list(api, own.testKey(), "status=incomplete")
                .expect(200)
                .json();
        assertThat(ids(incomplete)).containsExactlyElementsOf(newestFirst);
        assertThat(incomplete.path("hasMore").asBoolean(true)).isFalse();
        assertThat(incomplete.path("subscriptions"))
                .allSatisfy(s -> assertThat(s.path("status").asString()).isEqualTo("incomplete"));
        var active = Subscriptions.list(api, own.testKey(), "status=active")
                .expect(200)
                .json();
        assertThat(active.path("subscriptions").isArray()).isTrue();
        assertThat(active.path("subscriptions")).isEmpty();
        assertThat(active.path("hasMore").asBoolean(true)).isFalse();

        // when paged by three, then pages of 3, 3 and 1 follow each other without gaps or repeats
        var first =
                Subscriptions.list(api, own.testKey(), "limit=3").expect(200).json();
        var second = Subscriptions.list(
                        api,
                        own.testKey(),
                        "limit=3&startingAfter=" + ids(first).getLast())
                .expect(200)
                .json();
        var third = Subscriptions.list(
                        api,
                        own.testKey(),
                        "limit=3&startingAfter=" + ids(second).getLast())
                .expect(200)
                .json();
        assertThat(ids(first)).containsExactlyElementsOf(newestFirst.subList(0, 3));
        assertThat(ids(second)).containsExactlyElementsOf(newestFirst.subList(3, 6));
        assertThat(ids(third)).containsExactlyElementsOf(newestFirst.subList(6, 7));
        assertThat(List.of(first, second, third))
                .extracting(page -> page.path("hasMore").asBoolean())
                .containsExactly(true, true, false);
        // and the status filter pages the same way
        var filtered = Subscriptions.list(
                        api, own.testKey(), "status=incomplete&limit=3&startingAfter=" + newestFirst.get(2))
                .expect(200)
                .json();
        assertThat(ids(filtered)).containsExactlyElementsOf(newestFirst.subList(3, 6));
        assertThat(filtered.path("hasMore").asBoolean()).isTrue();
        assertThat(Subscriptions.listAllIds(api, own.testKey(), 2)).containsExactlyElementsOf(newestFirst);
    }

    @Test
    void shouldShowEveryCreateToTheVeryNextGetAndListWhenRepeatedFiftyTimes() {
        // protects against answering a create before the read model has it
        var own = api.newMerchant("read-your-writes");
        for (int i = 0; i < 50; i++) {
            // when a subscription is created, then the immediately following GET and list already see it
            var subscription =
                    Subscriptions.create(api, own.testKey(), "order-ryw-" + i).path("subscription");
            var id = subscription.path("id").asString();
            var got = Subscriptions.get(api, own.testKey(), id);
            assertThat(got.status()).as("GET right after create %d", i).isEqualTo(200);
            assertThat(got.json()).isEqualTo(subscription);
            var newest = Subscriptions.list(api, own.testKey(), "limit=1")
                    .expect(200)
                    .json();
            assertThat(ids(newest)).as("list right after create %d", i).containsExactly(id);
        }
        assertThat(Subscriptions.listAllIds(api, own.testKey(), 100))
                .hasSize(50)
                .doesNotHaveDuplicates();
    }

    @Test
    void shouldPublishCreatedThenInvoiceCreatedAndRecordExactlyOneChangeWhenASubscriptionIsCreated() {
        // given a created subscription
        var created = Subscriptions.create(api, merchant.testKey(), "order-events");
        var id = created.at("/subscription/id").asString();
        var invoiceId = created.at("/invoice/id").asString();
        var topics = api.topics();

        // then exactly one command was sent for it, and exactly one Change records its acceptance
        var commands = topics.values(
                Topics.SUBSCRIPTION_COMMANDS,
                (SubscriptionCommand c) -> c.getSubscriptionId().equals(id) && !Subscriptions.isFinalization(c));
        assertThat(commands).hasSize(1);
        var commandId = commands.getFirst().getCommandId();
        assertThat(commands.getFirst().getMerchantId()).isEqualTo(merchant.id());
        var changes = topics.values(
                Topics.CHANGES, (Change c) -> c.getAggregateId().equals(id) && !Subscriptions.isFinalization(c));
        assertThat(changes).hasSize(1);
        var change = changes.getFirst();
        assertThat(change.getCommandId()).isEqualTo(commandId);
        assertThat(topics.values(Topics.CHANGES, (Change c) -> c.getCommandId().equals(commandId)))
                .hasSize(1);
        assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(change.getMerchantId()).isEqualTo(merchant.id());
        assertThat(change.getSnapshots()).hasSize(2);
        assertThat(change.getSnapshots())
                .anySatisfy(s -> assertThat(s)
                        .isInstanceOfSatisfying(
                                SubscriptionSnapshot.class,
                                snapshot -> assertThat(snapshot.getId()).isEqualTo(id)));
        assertThat(change.getSnapshots())
                .anySatisfy(s -> assertThat(s)
                        .isInstanceOfSatisfying(
                                InvoiceSnapshot.class,
                                snapshot -> assertThat(snapshot.getId()).isEqualTo(invoiceId)));

        // and the public events are subscription.created then invoice.created, caused by that command
        var events = topics.awaitValues(
                Topics.EVENTS,
                (BillingEvent e) ->
                        e.getAggregateId().equals(id) && e.getCommandId().equals(commandId),
                2);
        assertThat(events).extracting(BillingEvent::getType).containsExactly("subscription.created", "invoice.created");
        assertThat(events).allSatisfy(event -> {
            assertThat(event.getCommandId()).isEqualTo(commandId);
            assertThat(event.getMerchantId()).isEqualTo(merchant.id());
            assertThat(event.getEventId()).startsWith("evt_");
        });
        assertThat(events.get(0).getData().getSubscription().getId()).isEqualTo(id);
        assertThat(events.get(1).getData().getInvoice().getId()).isEqualTo(invoiceId);
        assertThat(change.getEventIds())
                .containsExactlyElementsOf(
                        events.stream().map(BillingEvent::getEventId).toList());
    }

    private static List<String> ids(JsonNode page) {
        var ids = new ArrayList<String>();
        page.path("subscriptions")
                .forEach(subscription -> ids.add(subscription.path("id").asString()));
        return ids;
    }

    private static Instant instant(JsonNode object, String field) {
        var text = object.path(field).asString();
        assertThat(text).as(field).endsWith("Z");
        return Instant.parse(text);
    }
}
