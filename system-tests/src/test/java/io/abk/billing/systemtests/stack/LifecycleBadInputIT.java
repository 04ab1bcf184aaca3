package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.systemtests.stack.GuardBadRequests.Bad;
import io.abk.billing.systemtests.stack.GuardBadRequests.Fixtures;
import io.abk.billing.systemtests.stack.GuardBadRequests.Refusal;
import io.abk.billing.systemtests.stack.GuardFixtures.Made;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input on every subscription and invoice route, through the whole stack: each request gets its 4xx with
 * {@code {error, code, requestId}} and changes nothing (every fixture's subscription and invoices read byte-identical
 * after the whole table). Two kinds of refusal are told apart on the topics: the gateway's own (validation, unknown or
 * foreign ids: nothing is produced at all) and the processor's (a business rule: exactly one command, answered by
 * one REJECTED change with the same code, and no event, no settlement).
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LifecycleBadInputIT {

    private static Api api;
    private static TestMerchant merchant;
    private static TestMerchant other;
    private static Fixtures f;
    private static GuardTopics topics;
    /** Every fixture's subscription and invoices as read right after setting up. */
    private static Map<Made, List<String>> initial;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("lifecycle-bad-input");
        other = api.newMerchant("lifecycle-bad-input-other");
        var key = merchant.testKey();
        f = new Fixtures(
                api,
                merchant,
                GuardFixtures.incomplete(api, key, "bad-incomplete", "10"),
                GuardFixtures.completed(api, key, "bad-completed", "10"),
                GuardFixtures.active(api, key, "bad-active", "10"),
                GuardFixtures.paused(api, key, "bad-paused"),
                GuardFixtures.canceledPaid(api, key, "bad-canceled-paid"),
                GuardFixtures.canceledVoided(api, key, "bad-canceled-voided"),
                GuardFixtures.refunded(api, key, "bad-refunded"),
                GuardFixtures.incomplete(api, merchant.liveKey(), "bad-live", "10"),
                GuardFixtures.active(api, other.testKey(), "bad-foreign", "10"));
        initial = new LinkedHashMap<>();
        f.all().forEach(made -> initial.put(made, state(made)));
        topics = new GuardTopics(api.info().kafkaBootstrapServers());
    }

    @AfterAll
    static void tearDown() {
        topics.close();
    }

    static List<Bad> table() {
        return GuardBadRequests.cases();
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldAnswerItsCodeAndChangeNothingWhenARequestIsBad(Bad bad) {
        // given where the topics end (the fixtures' state is compared once, after the whole table: a read model changes
        // only by a change record, and each case below shows none, or only a rejection without snapshots)
        var target = bad.target().apply(f);
        var mark = topics.mark();

        // when the bad request is sent
        var reply = bad.request().apply(f).send();

        // then it gets its status and {error, code, requestId}
        assertThat(reply.status()).as(reply.toString()).isEqualTo(bad.status());
        var body = reply.json();
        assertThat(body.path("code").asString()).as(reply.toString()).isEqualTo(bad.code());
        assertThat(body.path("error").asString()).as(reply.toString()).isNotBlank();
        assertThat(body.path("requestId").asString()).as(reply.toString()).isNotBlank();

        // and the topics show who refused: nothing at all, or one command answered by one rejection
        var since = topics.since(mark);
        var commands = since.commands().stream()
                .filter(command -> ours(command.getMerchantId()))
                .toList();
        var changes = since.changes().stream()
                .filter(change -> ours(change.getMerchantId()))
                .toList();
        assertThat(since.events().stream().filter(event -> ours(event.getMerchantId())))
                .as("events")
                .isEmpty();
        assertThat(since.chainRequests().stream().filter(request -> ours(request.getMerchantId())))
                .as("chain requests")
                .isEmpty();
        switch (bad.by()) {
            case GATEWAY -> {
                assertThat(commands).as("commands produced").isEmpty();
                assertThat(changes).as("changes recorded").isEmpty();
            }
            case PROCESSOR -> {
                assertThat(commands).as("commands produced").hasSize(1);
                assertThat(commands.getFirst().getSubscriptionId()).isEqualTo(target.subscriptionId());
                assertThat(changes).as("changes recorded").hasSize(1);
                var change = changes.getFirst();
                assertThat(change.getCommandId()).isEqualTo(commands.getFirst().getCommandId());
                assertThat(change.getAggregateId()).isEqualTo(target.subscriptionId());
                assertThat(change.getOutcome()).isEqualTo(Outcome.REJECTED);
                assertThat(change.getRejection().getCode()).isEqualTo(bad.code());
                assertThat(change.getRejection().getMessage())
                        .isEqualTo(body.path("error").asString());
                assertThat(change.getSnapshots()).isEmpty();
                assertThat(change.getEventIds()).isEmpty();
                assertThat(change.getFollowUpCommandId()).isNull();
            }
        }
    }

    @Order(2)
    @Test
    void shouldLeaveEveryFixtureAsSetUpWhenTheWholeTableIsDone() {
        // given a table that covers every route with both kinds of refusal
        var cases = table();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(150);
        assertThat(cases).filteredOn(bad -> bad.by() == Refusal.PROCESSOR).hasSizeGreaterThanOrEqualTo(30);

        // then every subscription and invoice reads exactly as right after setting up
        initial.forEach(
                (made, state) -> assertThat(state(made)).as(made.toString()).isEqualTo(state));
    }

    @Test
    void shouldReplayTheRejectionAndSendNoSecondCommandWhenARefusedChargeIsRepeatedWithItsKey() {
        // given a charge of a paid invoice, refused by the processor, sent with an Idempotency-Key
        var key = "refused-" + UUID.randomUUID();
        var mark = topics.mark();
        var first = charge(key);
        assertThat(first.status()).as(first.toString()).isEqualTo(400);
        assertThat(first.code()).isEqualTo("invoice_not_chargeable");

        // when the same request is repeated with the key
        var again = charge(key);

        // then the refusal is replayed as it was, and only the first one reached the processor
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(again.body()).isEqualTo(first.body());
        var since = topics.since(mark);
        assertThat(since.commandsOf(f.active().subscriptionId())).hasSize(1);
        assertThat(since.changesOf(f.active().subscriptionId()))
                .singleElement()
                .satisfies(change -> assertThat(change.getOutcome()).isEqualTo(Outcome.REJECTED));
    }

    @Test
    void shouldRefuseAPatchThatWouldGrowMetadataPastFiftyKeysWhileReplacingStaysAllowed() {
        // given a subscription already holding fifty keys of 500 characters (the most one PATCH may send)
        var made = GuardFixtures.incomplete(api, merchant.testKey(), "bad-metadata-growth", "10");
        var full = Subscriptions.update(
                        api,
                        merchant.testKey(),
                        made.subscriptionId(),
                        Map.of("metadata", metadata("a", 50, "v".repeat(500))))
                .expect(200)
                .json();
        assertThat(full.at("/subscription/metadata").size()).isEqualTo(50);
        var before = state(made);
        var mark = topics.mark();

        // when fifty more keys, or just one, are merged in
        var fifty = Subscriptions.update(
                api, merchant.testKey(), made.subscriptionId(), Map.of("metadata", metadata("b", 50, "v".repeat(500))));
        var one = Subscriptions.update(
                api, merchant.testKey(), made.subscriptionId(), Map.of("metadata", Map.of("extra", "v")));

        // then both are refused by the processor with subscription_update_failed, and nothing changed
        for (var reply : List.of(fifty, one)) {
            assertThat(reply.status()).as(reply.body()).isEqualTo(400);
            assertThat(reply.code()).isEqualTo("subscription_update_failed");
            assertThat(reply.json().path("error").asString()).contains("at most 50 metadata keys");
        }
        assertThat(state(made)).isEqualTo(before);
        var since = topics.since(mark);
        assertThat(since.changesOf(made.subscriptionId()))
                .hasSize(2)
                .allSatisfy(change -> assertThat(change.getOutcome()).isEqualTo(Outcome.REJECTED));
        assertThat(since.eventsOf(made.subscriptionId())).isEmpty();

        // and replacing keys within the fifty is still an update (before the limit, ~40 such PATCHes of new keys
        // grew one aggregate past Kafka's 1 MB record limit and stopped billing-streams for every merchant)
        var changes = new LinkedHashMap<String, String>();
        changes.put("a0", "");
        changes.put("extra", "v");
        var replaced = Subscriptions.update(api, merchant.testKey(), made.subscriptionId(), Map.of("metadata", changes))
                .expect(200)
                .json();
        assertThat(replaced.at("/subscription/metadata").size()).isEqualTo(50);
        assertThat(replaced.at("/subscription/metadata/extra").asString()).isEqualTo("v");
    }

    @Test
    void shouldListNoInvoiceWhenTheSubscriptionFilterNamesAnotherMerchantsOrModesSubscription() {
        // when the list is filtered by a subscription the key may not see, then it is empty, not an error
        for (var filter : List.of(f.foreign().subscriptionId(), f.live().subscriptionId())) {
            var page = Invoices.list(api, merchant.testKey(), "subscriptionId=" + filter)
                    .expect(200)
                    .json();
            assertThat(page.path("invoices").isArray()).isTrue();
            assertThat(page.path("invoices")).isEmpty();
            assertThat(page.path("hasMore").asBoolean(true)).isFalse();
        }
        // while the owner sees its one invoice
        var own = Invoices.list(
                        api, other.testKey(), "subscriptionId=" + f.foreign().subscriptionId())
                .expect(200)
                .json();
        assertThat(own.path("invoices")).hasSize(1);
        assertThat(own.at("/invoices/0/id").asString()).isEqualTo(f.foreign().invoiceId());
    }

    @Test
    void shouldServeA404HtmlPageWhenTheCheckoutPageNamesNoSubscription() {
        // On the shared kept-alive connection, right after the table's bad requests: a page answered at once (an id
        // of another kind) once stalled that connection (Reactor Netty before 1.3.8; KeptAliveConnectionIT pins it).
        for (var id : List.of(
                GuardBadRequests.UNKNOWN_SUBSCRIPTION, "not-an-id", f.active().invoiceId())) {
            var reply = api.get("/checkout/subscribe/" + id).send();
            assertThat(reply.status()).as(reply.toString()).isEqualTo(404);
            assertThat(reply.header("Content-Type").orElse("")).startsWith("text/html");
            assertThat(reply.body()).doesNotContain("bad-");
        }
    }

    private static Reply charge(String idempotencyKey) {
        return api.post(Invoices.PATH + "/" + f.active().invoiceId() + "/charge")
                .key(merchant.testKey())
                .idempotencyKey(idempotencyKey)
                .json(Map.of("sandboxMode", "success"))
                .send();
    }

    /** {@code count} keys {@code <prefix>0..}, each with {@code value}. */
    private static Map<String, String> metadata(String prefix, int count, String value) {
        var metadata = new LinkedHashMap<String, String>();
        for (int i = 0; i < count; i++) {
            metadata.put(prefix + i, value);
        }
        return metadata;
    }

    private static boolean ours(String merchantId) {
        return merchantId.equals(merchant.id()) || merchantId.equals(other.id());
    }

    /** The subscription and the list of its invoices, as its owner's key reads them (exact bodies). */
    private static List<String> state(Made made) {
        return List.of(
                Subscriptions.get(api, made.key(), made.subscriptionId())
                        .expect(200)
                        .body(),
                Invoices.list(api, made.key(), "subscriptionId=" + made.subscriptionId())
                        .expect(200)
                        .body());
    }
}
