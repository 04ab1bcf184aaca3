package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ExpirePayment;
import io.abk.billing.schemas.avro.ExpirePaymentLink;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Renewals, retries, expiries and period-end cancels happening by themselves, driven through the
 * HTTP API with each test's own merchant and test clock: the scheduler fires what the clock makes due, in
 * order, and billing-streams renews, charges and moves the period.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class RenewalsIT {

    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final long DAY = 86_400;

    private static Api api;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
    }

    @Test
    void shouldRenewAMonthlySubscriptionFromJanuaryThirtyFirstOnTheLastDayOfEachShorterMonth() {
        // given a monthly subscription created and activated on Jan 31 (test clock frozen there)
        var merchant = api.newMerchant("renew-jan31");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-01-31T10:00:00Z"));
        var id = activeSubscription(key, "month", "9.99");

        // when the clock reaches each period end
        for (var end : List.of("2027-02-28T10:00:00Z", "2027-03-31T10:00:00Z", "2027-04-30T10:00:00Z")) {
            Clocks.freeze(api, key, Instant.parse(end));
            awaitSubscription(
                    key,
                    id,
                    subscription -> Instant.parse(
                                    subscription.path("currentPeriodStart").asString())
                            .equals(Instant.parse(end)));
        }

        // then it renewed on Feb 28, Mar 31 and Apr 30, each renewal invoice paid for the full amount
        var invoices = invoicesOldestFirst(key, id);
        assertThat(invoices)
                .extracting(invoice -> invoice.path("periodStart").asString())
                .containsExactly(
                        "2027-01-31T10:00:00Z", "2027-02-28T10:00:00Z", "2027-03-31T10:00:00Z", "2027-04-30T10:00:00Z");
        assertThat(invoices)
                .extracting(invoice -> invoice.path("billingReason").asString())
                .containsExactly(
                        "subscription_create", "subscription_cycle", "subscription_cycle", "subscription_cycle");
        assertThat(invoices).allSatisfy(invoice -> {
            assertThat(invoice.path("status").asString()).isEqualTo("paid");
            assertThat(Json.decimal(invoice.path("amountUsdc"))).isEqualByComparingTo("9.99");
        });
        var subscription = Subscriptions.get(api, key, id).expect(200).json();
        assertThat(subscription.path("currentPeriodEnd").asString()).isEqualTo("2027-05-31T10:00:00Z");
        assertThat(subscription.path("status").asString()).isEqualTo("active");
    }

    @Test
    void shouldRenewAYearlySubscriptionOnceInAYear() {
        // given a yearly subscription activated now
        var merchant = api.newMerchant("renew-yearly");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-03-01T00:00:00Z"));
        var id = activeSubscription(key, "year", "120");

        // when the clock moves a year and a half, in one advance
        Clocks.advance(api, key, 547 * DAY);

        // then exactly one renewal happened: two invoices, the period is the second year
        awaitSubscription(
                key,
                id,
                subscription ->
                        subscription.path("currentPeriodStart").asString().equals("2028-03-01T00:00:00Z"));
        var invoices = invoicesOldestFirst(key, id);
        assertThat(invoices).hasSize(2);
        assertThat(invoices.get(1).path("periodEnd").asString()).isEqualTo("2029-03-01T00:00:00Z");
    }

    @Test
    void shouldAnnounceEachRenewalThreeDaysAheadWithWhatTheWalletLacksAndWarnOfALowAllowance() {
        // given two active monthly subscriptions whose renewals the sandbox will find short: one of balance, one of
        // allowance (the test clock frozen on Jan 10, so the periods end on Feb 10)
        var merchant = api.newMerchant("renew-upcoming");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-01-10T00:00:00Z"));
        var poor = activeSubscription(key, "month", "10");
        Subscriptions.update(
                        api, key, poor, Map.of("metadata", Map.of("sandboxRenewalOutcome", "insufficient_balance")))
                .expect(200);
        var revoked = activeSubscription(key, "month", "10");
        Subscriptions.update(
                        api, key, revoked, Map.of("metadata", Map.of("sandboxRenewalOutcome", "allowance_revoked")))
                .expect(200);

        // when the clock reaches three days before the period end
        Clocks.freeze(api, key, Instant.parse("2027-02-07T00:00:00Z"));

        // then each renewal is announced at that time, with what is short and the portal's sign-in link, and the
        // allowance of the second is low; nothing is charged yet
        var upcoming = awaitEvents(key, "invoice.upcoming", 2);
        var portalUrl = "/portal/sign-in?merchant=" + merchant.id() + "&mode=test";
        for (var event : upcoming) {
            assertThat(event.path("createdAt").asString()).isEqualTo("2027-02-07T00:00:00Z");
            assertThat(Json.decimal(event.at("/data/upcomingInvoice/amountUsdc")))
                    .isEqualByComparingTo("10");
            assertThat(event.at("/data/upcomingInvoice/dueAt").asString()).isEqualTo("2027-02-10T00:00:00Z");
            assertThat(event.at("/data/upcomingInvoice/periodEnd").asString()).isEqualTo("2027-03-10T00:00:00Z");
            assertThat(event.at("/data/portalUrl").asString()).endsWith(portalUrl);
        }
        var poorEvent = eventOf(upcoming, poor);
        assertThat(Json.decimal(poorEvent.at("/data/fundingShortfall/balanceShortUsdc")))
                .isEqualByComparingTo("10");
        assertThat(poorEvent.at("/data/fundingShortfall/allowanceShortUsdc").isNull())
                .isTrue();
        assertThat(Json.decimal(poorEvent.at("/data/funding/balanceUsdc"))).isEqualByComparingTo("0");
        var revokedEvent = eventOf(upcoming, revoked);
        assertThat(Json.decimal(revokedEvent.at("/data/fundingShortfall/allowanceShortUsdc")))
                .isEqualByComparingTo("10");
        assertThat(revokedEvent.at("/data/funding/periodsCovered").asInt()).isZero();
        var low = awaitEvents(key, "subscription.allowance_low", 1);
        assertThat(low.getFirst().at("/data/subscription/id").asString()).isEqualTo(revoked);
        assertThat(low.getFirst().at("/data/portalUrl").asString()).endsWith(portalUrl);
        assertThat(invoicesOldestFirst(key, poor)).hasSize(1);
    }

    private static List<JsonNode> awaitEvents(String key, String type, int count) {
        var seen = new ArrayList<JsonNode>();
        Awaitility.await().atMost(LIMIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            seen.clear();
            api.get("/v1/events?type=" + type + "&limit=100")
                    .key(key)
                    .send()
                    .expect(200)
                    .json()
                    .path("events")
                    .valueStream()
                    .forEach(seen::add);
            return seen.size() >= count;
        });
        assertThat(seen).as(type).hasSize(count);
        return List.copyOf(seen);
    }

    private static JsonNode eventOf(List<JsonNode> events, String subscriptionId) {
        return events.stream()
                .filter(event ->
                        subscriptionId.equals(event.at("/data/subscription/id").asString()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no event of " + subscriptionId + " in " + events));
    }

    @Test
    void shouldWalkAFailingRenewalThroughItsRetriesToPastDueThenRecoverByAManualCharge() {
        // given an active monthly subscription whose renewals will fail
        var merchant = api.newMerchant("renew-dunning");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-01-10T00:00:00Z"));
        var id = activeSubscription(key, "month", "10");
        Subscriptions.update(api, key, id, Map.of("metadata", Map.of("sandboxRenewalOutcome", "insufficient_balance")))
                .expect(200);

        // when the clock jumps 40 days (period end Feb 10, then retries 1, 2 and 4 days apart)
        Clocks.advance(api, key, 40 * DAY);

        // then the renewal invoice failed four times, 1, 2 and 4 days apart, and is uncollectible; the subscription is
        // past_due
        awaitSubscription(
                key, id, subscription -> subscription.path("status").asString().equals("past_due"));
        // (the invoice's own change may reach the read model after the subscription's: awaited, not read once)
        var renewal = awaitLastInvoice(
                key, id, invoice -> invoice.path("status").asString().equals("uncollectible"));
        assertThat(renewal.path("billingReason").asString()).isEqualTo("subscription_cycle");
        assertThat(renewal.path("status").asString()).isEqualTo("uncollectible");
        assertThat(renewal.path("attemptCount").asInt()).isEqualTo(4);
        assertThat(renewal.path("failureCode").asString()).isEqualTo("INSUFFICIENT_BALANCE");
        var failures = api.topics()
                .values(
                        Topics.EVENTS,
                        event -> event.getAggregateId().equals(id)
                                && event.getType().equals("invoice.payment_failed")
                                && event.getData()
                                        .getInvoice()
                                        .getId()
                                        .equals(renewal.path("id").asString()));
        assertThat(failures)
                .extracting(event -> event.getCreatedAt())
                .containsExactly(
                        Instant.parse("2027-02-10T00:00:00Z"), Instant.parse("2027-02-11T00:00:00Z"),
                        Instant.parse("2027-02-13T00:00:00Z"), Instant.parse("2027-02-17T00:00:00Z"));

        // when the merchant charges it by hand and it succeeds
        var charged = Invoices.charge(api, key, renewal.path("id").asString(), "success")
                .expect(200)
                .json();

        // then it is paid, the subscription is active again and its period moved to the renewal's
        assertThat(charged.path("ok").asBoolean(false)).isTrue();
        assertThat(charged.at("/subscription/status").asString()).isEqualTo("active");
        assertThat(charged.at("/subscription/currentPeriodStart").asString()).isEqualTo("2027-02-10T00:00:00Z");
    }

    @Test
    void shouldCancelExactlyAtThePeriodEndWithoutARenewalInvoice() {
        // given an active subscription set to cancel at its period end
        var merchant = api.newMerchant("renew-cancel-at-end");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-05-05T12:00:00Z"));
        var id = activeSubscription(key, "month", "5");
        Subscriptions.action(api, key, id, "cancel", Map.of("immediate", false)).expect(200);

        // when the clock passes the period end
        Clocks.advance(api, key, 45 * DAY);

        // then it is canceled at the period end itself, with no invoice after the first
        var canceled = awaitSubscription(
                key, id, subscription -> subscription.path("status").asString().equals("canceled"));
        assertThat(canceled.path("canceledAt").asString()).isEqualTo("2027-06-05T12:00:00Z");
        assertThat(invoicesOldestFirst(key, id)).hasSize(1);
    }

    @Test
    void shouldCancelAnAbandonedIncompleteSubscriptionAfterADay() {
        // given a subscription nobody activated
        var merchant = api.newMerchant("renew-abandoned");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-07-01T08:00:00Z"));
        var created = Subscriptions.create(api, key, "abandoned");
        var id = created.at("/subscription/id").asString();

        // when a day passes, then the subscription is canceled and its invoice voided, at the 24 h mark
        Clocks.advance(api, key, DAY + 60);
        var canceled = awaitSubscription(
                key, id, subscription -> subscription.path("status").asString().equals("canceled"));
        assertThat(canceled.path("canceledAt").asString()).isEqualTo("2027-07-02T08:00:00Z");
        var invoice = Invoices.get(api, key, created.at("/invoice/id").asString())
                .expect(200)
                .json();
        assertThat(invoice.path("status").asString()).isEqualTo("void");
    }

    @Test
    void shouldIgnoreTheTestClockForALiveSubscription() {
        // given a live subscription (its first charge cannot settle on chain here, so it waits a day to retry) and a
        // test one of the same merchant
        var merchant = api.newMerchant("renew-live");
        var live = Subscriptions.create(api, merchant.liveKey(), "live-one")
                .at("/subscription/id")
                .asString();
        Subscriptions.action(api, merchant.liveKey(), live, "activate", Map.of())
                .expect(200);
        var liveBefore =
                Subscriptions.get(api, merchant.liveKey(), live).expect(200).json();
        var liveInvoiceBefore = invoicesOldestFirst(merchant.liveKey(), live);
        var test = Subscriptions.create(api, merchant.testKey(), "test-one")
                .at("/subscription/id")
                .asString();

        // when the merchant's test clock jumps a year
        Clocks.advance(api, merchant.testKey(), 365 * DAY);

        // then the test subscription's expiry fired, and the live one and its invoice did not move at all
        awaitSubscription(
                merchant.testKey(),
                test,
                subscription -> subscription.path("status").asString().equals("canceled"));
        assertThat(Subscriptions.get(api, merchant.liveKey(), live).expect(200).json())
                .isEqualTo(liveBefore);
        assertThat(invoicesOldestFirst(merchant.liveKey(), live)).isEqualTo(liveInvoiceBefore);
    }

    @Test
    void shouldRecordThePaymentAndLinkExpiriesWhenTheClockPassesThem() {
        // given an open payment (expires in 24 h) and a link expiring in an hour, made at a frozen clock
        var merchant = api.newMerchant("renew-expiries");
        var key = merchant.testKey();
        Clocks.freeze(api, key, Instant.parse("2027-09-01T00:00:00Z"));
        var payment =
                Payments.create(api, key, "expiring", "3").at("/payment/id").asString();
        var link = Payments.createLink(api, key, Payments.link("3", Map.of("expiresAt", "2027-09-01T01:00:00Z")))
                .at("/paymentLink/id")
                .asString();

        // when the clock moves two days
        Clocks.advance(api, key, 2 * DAY);

        // then the scheduler sent each its expiry, stamped with the due time, and both read expired
        var paymentExpiry = api.topics()
                .awaitValues(
                        Topics.PAYMENT_COMMANDS,
                        command ->
                                command.getPaymentId().equals(payment) && command.getPayload() instanceof ExpirePayment,
                        1);
        assertThat(paymentExpiry)
                .extracting(command -> command.getRequestedAt())
                .containsExactly(Instant.parse("2027-09-02T00:00:00Z"));
        var linkExpiry = api.topics()
                .awaitValues(
                        Topics.PAYMENT_LINK_COMMANDS,
                        command -> command.getPaymentLinkId().equals(link)
                                && command.getPayload() instanceof ExpirePaymentLink,
                        1);
        assertThat(linkExpiry)
                .extracting(command -> command.getRequestedAt())
                .containsExactly(Instant.parse("2027-09-01T01:00:00Z"));
        assertThat(api.get(Payments.PAYMENTS + "/" + payment)
                        .key(key)
                        .send()
                        .expect(200)
                        .json()
                        .at("/payment/status")
                        .asString())
                .isEqualTo("expired");
        assertThat(api.get(Payments.LINKS + "/" + link)
                        .key(key)
                        .send()
                        .expect(200)
                        .json()
                        .at("/paymentLink/status")
                        .asString())
                .isEqualTo("expired");
    }

    /** Creates and activates an ad hoc subscription at the key's effective now; returns its id. */
    private static String activeSubscription(String key, String interval, String amount) {
        var body = Subscriptions.adHoc("renewing-" + interval, new BigDecimal(amount), interval);
        var id = api.post(Subscriptions.PATH)
                .key(key)
                .json(body)
                .send()
                .expect(201)
                .json()
                .at("/subscription/id")
                .asString();
        var activated = Subscriptions.action(api, key, id, "activate", Map.of("onChainSubscriptionId", "1"))
                .expect(200)
                .json();
        assertThat(activated.at("/subscription/status").asString()).isEqualTo("active");
        return id;
    }

    private static JsonNode awaitSubscription(String key, String id, Predicate<JsonNode> condition) {
        var seen = new JsonNode[1];
        Awaitility.await().atMost(LIMIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            seen[0] = Subscriptions.get(api, key, id).expect(200).json();
            return condition.test(seen[0]);
        });
        return seen[0];
    }

    /** The subscription's newest invoice once it satisfies {@code condition}, within the class's limit. */
    private static JsonNode awaitLastInvoice(String key, String subscriptionId, Predicate<JsonNode> condition) {
        var seen = new JsonNode[1];
        Awaitility.await().atMost(LIMIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            seen[0] = invoicesOldestFirst(key, subscriptionId).getLast();
            return condition.test(seen[0]);
        });
        return seen[0];
    }

    private static List<JsonNode> invoicesOldestFirst(String key, String subscriptionId) {
        var invoices = new ArrayList<JsonNode>();
        Invoices.list(api, key, "subscriptionId=" + subscriptionId)
                .expect(200)
                .json()
                .path("invoices")
                .forEach(invoices::add);
        return invoices.reversed();
    }
}
