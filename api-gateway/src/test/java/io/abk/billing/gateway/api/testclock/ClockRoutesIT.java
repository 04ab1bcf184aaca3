package io.abk.billing.gateway.api.testclock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * {@code GET}/{@code POST /v1/test_clock} through HTTP against the real broker and PostgreSQL: every body rule and
 * code, versions published to {@code billing.test-clocks} in order, and the clock's effect on test-mode commands
 * and on the expiry display.
 */
class ClockRoutesIT extends PaymentsIT {

    private static final String CLOCK = "/v1/test_clock";

    @Test
    void shouldReadTheWallClockWhenTheClockWasNeverSet() {
        var merchant = newMerchant();
        var before = Instant.now().truncatedTo(ChronoUnit.MILLIS);

        var reply = get(merchant, "test", CLOCK);

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(fieldNames(reply.body()))
                .containsExactly("object", "frozenAt", "effectiveNow", "createdAt", "updatedAt");
        assertThat(reply.body().get("object").stringValue()).isEqualTo("test_clock");
        assertThat(reply.body().get("frozenAt").isNull()).isTrue();
        assertThat(reply.body().get("createdAt").isNull()).isTrue();
        assertThat(reply.body().get("updatedAt").isNull()).isTrue();
        assertThat(instant(reply, "effectiveNow")).isBetween(before, Instant.now());
    }

    @Test
    void shouldRefuseLiveKeysWith403WhateverTheBody() {
        var merchant = newMerchant();
        for (var reply : List.of(
                get(merchant, "live", CLOCK),
                post(merchant, "live", CLOCK, Map.of("advanceBySeconds", 60)),
                call(HttpMethod.POST, CLOCK, merchant.liveKey(), "{\"frozenAt\":\"nonsense\"}", null))) {
            assertThat(reply.status()).as(reply.text()).isEqualTo(403);
            assertThat(reply.code()).isEqualTo("test_mode_only");
        }
        assertThat(clockRecords(merchant)).as("nothing published").isEmpty();
    }

    @Test
    void shouldFreezeAndAdvanceForwardOnlyWithAVersionPublishedForEachChange() {
        var merchant = newMerchant();
        var frozenAt = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

        var frozen = post(merchant, "test", CLOCK, Map.of("frozenAt", frozenAt.toString()));
        var same = post(merchant, "test", CLOCK, Map.of("frozenAt", frozenAt.toString()));
        var advanced = post(merchant, "test", CLOCK, Map.of("advanceBySeconds", 3_600));
        var backwards = post(
                merchant,
                "test",
                CLOCK,
                Map.of("frozenAt", frozenAt.plusSeconds(3_599).toString()));
        var unfreezeAhead = call(HttpMethod.POST, CLOCK, merchant.testKey(), "{\"frozenAt\":null}", null);
        var read = get(merchant, "test", CLOCK);

        assertThat(frozen.status()).as(frozen.text()).isEqualTo(200);
        assertThat(instant(frozen, "frozenAt")).isEqualTo(frozenAt);
        assertThat(instant(frozen, "effectiveNow")).isEqualTo(frozenAt);
        assertThat(same.status()).as("equal is fine: " + same.text()).isEqualTo(200);
        assertThat(instant(advanced, "frozenAt")).isEqualTo(frozenAt.plusSeconds(3_600));
        for (var refused : List.of(backwards, unfreezeAhead)) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(400);
            assertThat(refused.code()).isEqualTo("test_clock_backwards");
        }
        assertThat(read.body()).as("read back at once on this replica").isEqualTo(advanced.body());
        assertThat(instant(read, "createdAt")).isEqualTo(instant(frozen, "createdAt"));
        assertThat(instant(read, "updatedAt")).isAfterOrEqualTo(instant(frozen, "updatedAt"));
        var records = clockRecords(merchant);
        assertThat(records).extracting(TestClock::getVersion).containsExactly(1L, 2L, 3L);
        assertThat(records)
                .extracting(TestClock::getFrozenAt)
                .containsExactly(frozenAt, frozenAt, frozenAt.plusSeconds(3_600));
        assertThat(records.getLast().getCreatedAt()).isEqualTo(instant(frozen, "createdAt"));
        assertThat(database()
                        .count("SELECT count(*) FROM test_clocks WHERE merchant_id = ? AND version = 3", merchant.id()))
                .isEqualTo(1);
    }

    @Test
    void shouldReturnToTheWallClockOnceItCaughtUpWithTheFrozenInstant() {
        var merchant = newMerchant();
        var advanced = post(merchant, "test", CLOCK, Map.of("advanceBySeconds", 1));
        assertThat(advanced.status()).as(advanced.text()).isEqualTo(200);
        var frozenAt = instant(advanced, "frozenAt");
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(frozenAt.plusMillis(50)));

        var unfrozen = call(HttpMethod.POST, CLOCK, merchant.testKey(), "{\"frozenAt\":null}", null);

        assertThat(unfrozen.status()).as(unfrozen.text()).isEqualTo(200);
        assertThat(unfrozen.body().get("frozenAt").isNull()).isTrue();
        assertThat(instant(unfrozen, "effectiveNow")).isAfter(frozenAt);
        assertThat(clockRecords(merchant)).extracting(TestClock::getFrozenAt).containsExactly(frozenAt, null);
    }

    @Test
    void shouldRefuseEveryBodyThatIsNotExactlyOneValidChange() {
        var merchant = newMerchant();
        var tomorrow = Instant.now().plus(1, ChronoUnit.DAYS).toString();
        assertRefused(List.of(
                bad(merchant, "no body", null, "frozenAt"),
                bad(merchant, "empty object", "{}", "frozenAt"),
                bad(
                        merchant,
                        "both",
                        "{\"frozenAt\":\"" + tomorrow + "\",\"advanceBySeconds\":60}",
                        "advanceBySeconds"),
                bad(merchant, "both, frozenAt null", "{\"frozenAt\":null,\"advanceBySeconds\":60}", "advanceBySeconds"),
                bad(merchant, "frozenAt a number", "{\"frozenAt\":1767225600000}", "frozenAt"),
                bad(merchant, "frozenAt not a date", "{\"frozenAt\":\"next tuesday\"}", "frozenAt"),
                bad(merchant, "frozenAt without a zone", "{\"frozenAt\":\"2030-01-01T00:00:00\"}", "frozenAt"),
                bad(merchant, "advanceBySeconds zero", "{\"advanceBySeconds\":0}", "advanceBySeconds"),
                bad(merchant, "advanceBySeconds negative", "{\"advanceBySeconds\":-1}", "advanceBySeconds"),
                bad(merchant, "advanceBySeconds a fraction", "{\"advanceBySeconds\":1.5}", "advanceBySeconds"),
                bad(merchant, "advanceBySeconds a string", "{\"advanceBySeconds\":\"60\"}", "advanceBySeconds"),
                bad(
                        merchant,
                        "advanceBySeconds over ten years",
                        "{\"advanceBySeconds\":315569521}",
                        "advanceBySeconds"),
                bad(merchant, "an array", "[]", null)));
        var notJson = call(HttpMethod.POST, CLOCK, merchant.testKey(), "{\"advanceBySeconds\":", null);
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.code()).isEqualTo("invalid_json");
        var past = call(HttpMethod.POST, CLOCK, merchant.testKey(), "{\"frozenAt\":\"2020-01-01T00:00:00Z\"}", null);
        assertThat(past.status()).isEqualTo(400);
        assertThat(past.code()).isEqualTo("test_clock_backwards");
        assertThat(get(merchant, "test", CLOCK).body().get("createdAt").isNull())
                .as("no refused body changed the clock")
                .isTrue();
        assertThat(clockRecords(merchant)).isEmpty();
    }

    @Test
    void shouldStampTestModeCommandsWithTheFrozenInstantAndLiveOnesWithTheWallClock() {
        var merchant = newMerchant();
        var frozenAt = Instant.now().plus(400, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
        assertThat(post(merchant, "test", CLOCK, Map.of("frozenAt", frozenAt.toString()))
                        .status())
                .isEqualTo(200);
        var before = Instant.now().truncatedTo(ChronoUnit.MILLIS);

        var test = createPayment(merchant, "test", "5");
        var live = createPayment(merchant, "live", "5");

        assertThat(Instant.parse(test.get("createdAt").stringValue())).isEqualTo(frozenAt);
        assertThat(Instant.parse(live.get("createdAt").stringValue())).isBetween(before, Instant.now());
        assertThat(paymentCommands(merchant))
                .extracting(command -> command.getRequestedAt().isAfter(frozenAt.minusSeconds(1)))
                .as("test stamped frozen, live on the wall")
                .containsExactlyInAnyOrder(true, false);
    }

    @Test
    void shouldLoadAClockChangedThroughAnotherReplicaBeforeStampingACommand() {
        var merchant = newMerchant();
        var frozenAt = Instant.now().plus(90, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
        // As another gateway replica leaves it: a row this replica never cached (no test-mode request yet).
        database()
                .execute(
                        "INSERT INTO test_clocks (merchant_id, frozen_at, version, created_at, updated_at) VALUES (?, ?, 1, now(), now())",
                        merchant.id(),
                        java.sql.Timestamp.from(frozenAt));

        var payment = createPayment(merchant, "test", "3");

        assertThat(Instant.parse(payment.get("createdAt").stringValue())).isEqualTo(frozenAt);
        assertThat(instant(get(merchant, "test", CLOCK), "frozenAt")).isEqualTo(frozenAt);
    }

    @Test
    void shouldShowAPaymentExpiredOnceTheClockIsAdvancedPastItsExpiry() {
        var merchant = newMerchant();
        var payment = createPayment(merchant, "test", "7");
        var id = payment.get("id").stringValue();
        var expiresAt = Instant.parse(payment.get("expiresAt").stringValue());
        var livePayment = createPayment(merchant, "live", "7").get("id").stringValue();
        assertThat(payment.get("status").stringValue()).isEqualTo("open");

        var advance = Duration.between(Instant.now(), expiresAt).getSeconds() + 60;
        assertThat(post(merchant, "test", CLOCK, Map.of("advanceBySeconds", advance))
                        .status())
                .isEqualTo(200);

        assertThat(get(merchant, "test", "/v1/payments/" + id)
                        .body()
                        .get("payment")
                        .get("status")
                        .stringValue())
                .isEqualTo("expired");
        assertThat(get(merchant, "test", "/v1/payments?status=expired")
                        .body()
                        .get("payments")
                        .get(0)
                        .get("id")
                        .stringValue())
                .isEqualTo(id);
        assertThat(checkoutGet("/checkout/pay/" + id + "/status")
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("expired");
        assertThat(get(merchant, "live", "/v1/payments/" + livePayment)
                        .body()
                        .get("payment")
                        .get("status")
                        .stringValue())
                .as("live ignores the test clock")
                .isEqualTo("open");
    }

    @Test
    void shouldValidateStampAndShowLinksAndTheirCheckoutByTheMerchantsClock() {
        var merchant = newMerchant();
        var frozenAt = Instant.now().plus(10, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
        assertThat(post(merchant, "test", CLOCK, Map.of("frozenAt", frozenAt.toString()))
                        .status())
                .isEqualTo(200);

        var pastForTheClock = post(
                merchant,
                "test",
                "/v1/payment-links",
                Map.of(
                        "amountUsdc",
                        4,
                        "payoutAddressEvm",
                        PAYOUT,
                        "expiresAt",
                        frozenAt.minus(1, ChronoUnit.DAYS).toString()));
        var link = createLink(
                merchant,
                "test",
                "4",
                Map.of("expiresAt", frozenAt.plusSeconds(3_600).toString()));
        var linkId = link.get("id").stringValue();
        var opened = checkout(HttpMethod.POST, "/checkout/link/" + linkId + "/open", Map.of("customerWallet", WALLET));

        assertThat(pastForTheClock.status())
                .as("expiresAt is checked against the clock: " + pastForTheClock.text())
                .isEqualTo(400);
        assertThat(opened.status()).as(opened.text()).isEqualTo(200);
        assertThat(linkCommands(merchant))
                .extracting(command -> command.getRequestedAt())
                .as("create and checkout's open")
                .hasSize(2)
                .containsOnly(frozenAt);
        assertThat(post(merchant, "test", CLOCK, Map.of("advanceBySeconds", 3_600))
                        .status())
                .isEqualTo(200);
        assertThat(get(merchant, "test", "/v1/payment-links/" + linkId)
                        .body()
                        .get("paymentLink")
                        .get("status")
                        .stringValue())
                .isEqualTo("expired");
        assertThat(checkoutGet("/checkout/link/" + linkId + "/status")
                        .body()
                        .get("status")
                        .stringValue())
                .isEqualTo("expired");
    }

    @Test
    void shouldSumConcurrentAdvancesExactly() throws Exception {
        var merchant = newMerchant();
        var start = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        assertThat(post(merchant, "test", CLOCK, Map.of("frozenAt", start.toString()))
                        .status())
                .isEqualTo(200);

        var replies = new ArrayList<CompletableFuture<Reply>>();
        try (var pool = Executors.newFixedThreadPool(20)) {
            for (int i = 0; i < 20; i++) {
                replies.add(CompletableFuture.supplyAsync(
                        () -> post(merchant, "test", CLOCK, Map.of("advanceBySeconds", 60)), pool));
            }
        }

        for (var reply : replies) {
            assertThat(reply.get().status()).as(reply.get().text()).isEqualTo(200);
        }
        assertThat(replies.stream()
                        .map(reply -> instant(reply.join(), "frozenAt"))
                        .distinct())
                .as("each saw the one before")
                .hasSize(20);
        assertThat(instant(get(merchant, "test", CLOCK), "frozenAt")).isEqualTo(start.plusSeconds(20 * 60));
        var records = clockRecords(merchant);
        assertThat(records)
                .extracting(TestClock::getVersion)
                .as("in version order on the topic")
                .containsExactlyElementsOf(
                        java.util.stream.LongStream.rangeClosed(1, 21).boxed().toList());
        assertThat(records.getLast().getFrozenAt()).isEqualTo(start.plusSeconds(20 * 60));
    }

    @Test
    void shouldAdvanceOnceWhenAnAdvanceIsRetriedWithItsIdempotencyKey() {
        var merchant = newMerchant();
        var first = call(HttpMethod.POST, CLOCK, merchant.testKey(), Map.of("advanceBySeconds", 600), "advance-1");
        var retry = call(HttpMethod.POST, CLOCK, merchant.testKey(), Map.of("advanceBySeconds", 600), "advance-1");

        assertThat(retry.status()).isEqualTo(200);
        assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retry.body().get("frozenAt")).isEqualTo(first.body().get("frozenAt"));
        assertThat(clockRecords(merchant)).hasSize(1);
    }

    private static BadRequest bad(TestMerchant merchant, String name, @Nullable String body, @Nullable String param) {
        return new BadRequest(name, merchant.testKey(), HttpMethod.POST, CLOCK, body, 400, "validation_error", param);
    }

    private static List<TestClock> clockRecords(TestMerchant merchant) {
        return TestKafka.records(
                Topics.TEST_CLOCKS, clock -> clock.getMerchantId().equals(merchant.id()));
    }

    private static Instant instant(Reply reply, String field) {
        return Instant.parse(reply.body().get(field).stringValue());
    }
}
