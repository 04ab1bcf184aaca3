package io.abk.billing.gateway.command.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code Idempotency-Key} over HTTP (docs/architecture.md, "Idempotency keys") with the real producer, projector and
 * PostgreSQL: replay, conflicts, scope, concurrency, and the two ways a retry carries on a request that did not finish:
 * resuming from an outcome that arrived after a 503 timeout, and taking over an expired lease by re-sending the same
 * command.
 */
class IdempotencyApiIT extends GatewayIT {

    private static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    private static final String PAYOUT = "0x2222222222222222222222222222222222222222";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What a test needs of a response. */
    record Answer(
            int status,
            @Nullable String replayed,
            String body,
            @Nullable String retryAfter) {
        String code() {
            return JSON.readTree(body).path("code").asString();
        }
    }

    @Test
    void shouldReplayTheStoredResponseWhenTheSameRequestRepeatsInAnotherSpelling() {
        var merchant = newMerchant();
        var key = newKey();
        var first = post(merchant, "test", key, """
                {"merchantRef":"idem-1","customerWallet":"%s","payoutAddressEvm":"%s","amountUsdc":9.99,"interval":"month",
                 "metadata":{"a":"1","b":"2"}}""".formatted(WALLET, PAYOUT));
        var second = post(merchant, "test", key, """
                {  "metadata" : { "b":"2", "a":"1" },
                   "interval":"month", "amountUsdc" : 9.990, "payoutAddressEvm":"%s",
                   "customerWallet":"%s", "merchantRef":"idem-1" }
                """.formatted(PAYOUT, WALLET));

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.replayed()).isNull();
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.replayed()).isEqualTo("true");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(commandsWithKey(key)).hasSize(1);
    }

    @Test
    void shouldRefuseWithIdempotencyErrorWhenTheKeyComesWithAnotherBodyOrRoute() {
        var merchant = newMerchant();
        var key = newKey();
        assertThat(post(merchant, "test", key, adHoc("idem-2", "9.99")).status())
                .isEqualTo(201);

        var otherBody = post(merchant, "test", key, adHoc("idem-2", "10"));
        var otherRoute = post(merchant, "test", key, "/v1/subscriptions/sub_01jcrgx3b2m0x9k8d7f6e5a4s3/cancel", "{}");

        assertThat(otherBody.status()).isEqualTo(409);
        assertThat(otherBody.code()).isEqualTo("idempotency_error");
        assertThat(otherRoute.status()).isEqualTo(409);
        assertThat(otherRoute.code()).isEqualTo("idempotency_error");
        assertThat(commandsWithKey(key)).hasSize(1);
    }

    @Test
    void shouldReplayA400WhenTheFirstRequestWithTheKeyWasInvalid() {
        var merchant = newMerchant();
        var key = newKey();

        var first = post(merchant, "test", key, adHoc("idem-3", "1.0000001"));
        var second = post(merchant, "test", key, adHoc("idem-3", "1.0000001"));

        assertThat(first.status()).isEqualTo(400);
        assertThat(first.code()).isEqualTo("validation_error");
        assertThat(second.status()).isEqualTo(400);
        assertThat(second.replayed()).isEqualTo("true");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(commandsWithKey(key)).isEmpty();
    }

    @Test
    void shouldKeepKeysApartWhenMerchantOrModeDiffers() {
        var merchant = newMerchant();
        var key = newKey();

        var test = post(merchant, "test", key, adHoc("idem-4", "9.99"));
        var live = post(merchant, "live", key, adHoc("idem-4", "9.99"));
        var otherMerchant = post(newMerchant(), "test", key, adHoc("idem-4", "9.99"));

        assertThat(List.of(test, live, otherMerchant)).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(201);
            assertThat(answer.replayed()).isNull();
        });
        assertThat(commandsWithKey(key))
                .extracting(SubscriptionCommand::getSubscriptionId)
                .doesNotHaveDuplicates()
                .hasSize(3);
    }

    @Test
    void shouldRefuseTheKeyWhenItIsEmptyOrLongerThan255Characters() {
        var merchant = newMerchant();

        var empty = post(merchant, "test", "", adHoc("idem-5", "9.99"));
        var tooLong = post(merchant, "test", "k".repeat(256), adHoc("idem-5", "9.99"));
        var longest = post(merchant, "test", "k".repeat(255), adHoc("idem-5", "9.99"));

        assertThat(List.of(empty, tooLong)).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.code()).isEqualTo("validation_error");
            assertThat(JSON.readTree(answer.body()).path("param").asString()).isEqualTo("Idempotency-Key");
        });
        assertThat(longest.status()).isEqualTo(201);
    }

    @Test
    void shouldLetExactlyOneOfTwentyConcurrentRequestsRunWhenTheyShareAKey() throws Exception {
        var merchant = newMerchant();
        var key = newKey();
        var body = adHoc("idem-6", "9.99");
        var start = new CountDownLatch(1);
        var answers = new ArrayList<CompletableFuture<Answer>>();
        try (var pool = Executors.newFixedThreadPool(20)) {
            for (int i = 0; i < 20; i++) {
                answers.add(CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                start.await();
                            } catch (InterruptedException e) {
                                throw new IllegalStateException(e);
                            }
                            return post(merchant, "test", key, body);
                        },
                        pool));
            }
            start.countDown();
        }
        var results = answers.stream().map(CompletableFuture::join).toList();

        var ran = results.stream()
                .filter(a -> a.status() == 201 && a.replayed() == null)
                .toList();
        assertThat(ran).hasSize(1);
        var others = results.stream().filter(a -> a != ran.getFirst()).toList();
        assertThat(others)
                .hasSize(19)
                .allSatisfy(answer -> assertThat(answer.status() == 201 && "true".equals(answer.replayed())
                                || answer.status() == 409 && answer.code().equals("idempotency_in_progress"))
                        .as("status %d", answer.status())
                        .isTrue());
        assertThat(results.stream()
                        .filter(a -> a.status() == 201)
                        .map(Answer::body)
                        .distinct())
                .hasSize(1);
        assertThat(commandsWithKey(key)).hasSize(1);
        assertThat(database().count("SELECT count(*) FROM idempotency_keys WHERE key = ?", key))
                .isEqualTo(1);
        assertThat(database().count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant.id()))
                .isEqualTo(1);
    }

    @Test
    void shouldAnswerInProgressAfterATimeoutThenReplayTheOutcomeOnceItArrives() {
        var merchant = newMerchant();
        var key = newKey();
        var body = adHoc("idem-7", "9.99");
        Answer timedOut;
        Answer whileWaiting;
        processor.pause();
        try {
            timedOut = post(merchant, "test", key, body);
            whileWaiting = post(merchant, "test", key, body);
        } finally {
            processor.resume();
        }
        var commandId = commandsWithKey(key).getFirst().getCommandId();
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        database().count("SELECT count(*) FROM command_outcomes WHERE command_id = ?", commandId) == 1);

        var resumed = post(merchant, "test", key, body);
        var replayed = post(merchant, "test", key, body);

        assertThat(timedOut.status()).isEqualTo(503);
        assertThat(timedOut.code()).isEqualTo("processing_timeout");
        assertThat(timedOut.retryAfter()).isEqualTo("1");
        assertThat(whileWaiting.status()).isEqualTo(409);
        assertThat(whileWaiting.code()).isEqualTo("idempotency_in_progress");
        assertThat(whileWaiting.retryAfter()).isEqualTo("1");
        assertThat(resumed.status()).isEqualTo(201);
        assertThat(resumed.replayed()).isEqualTo("true");
        assertThat(replayed.status()).isEqualTo(201);
        assertThat(replayed.body()).isEqualTo(resumed.body());
        assertThat(commandsWithKey(key)).hasSize(1);
    }

    @Test
    void shouldResendTheSameCommandWhenARetryTakesOverAnExpiredLease() {
        var merchant = newMerchant();
        var key = newKey();
        var body = adHoc("idem-8", "9.99");
        Answer taken;
        processor.pause();
        try {
            assertThat(post(merchant, "test", key, body).status()).isEqualTo(503);
            // The first gateway is presumed dead once its lease runs out.
            assertThat(database()
                            .execute(
                                    "UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = ?",
                                    key))
                    .isEqualTo(1);
            var retry = CompletableFuture.supplyAsync(() -> post(merchant, "test", key, body));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> commandsWithKey(key).size() == 2);
            processor.resume();
            taken = retry.join();
        } finally {
            processor.resume();
        }

        var commands = commandsWithKey(key);
        assertThat(taken.status()).isEqualTo(201);
        assertThat(taken.replayed()).isNull();
        assertThat(commands)
                .extracting(SubscriptionCommand::getCommandId)
                .containsOnly(commands.getFirst().getCommandId());
        assertThat(commands)
                .extracting(SubscriptionCommand::getSubscriptionId)
                .containsOnly(commands.getFirst().getSubscriptionId());
        assertThat(commands)
                .extracting(c -> ((CreateSubscription) c.getPayload()).getInvoiceId())
                .containsOnly(((CreateSubscription) commands.getFirst().getPayload()).getInvoiceId());
        assertThat(JSON.readTree(taken.body()).get("subscription").get("id").asString())
                .isEqualTo(commands.getFirst().getSubscriptionId());
        assertThat(processor.duplicatesIgnored()).isPositive();
        assertThat(database().count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant.id()))
                .isEqualTo(1);
        assertThat(post(merchant, "test", key, body).replayed()).isEqualTo("true");
    }

    private static String newKey() {
        return "key-" + UUID.randomUUID();
    }

    private static String adHoc(String merchantRef, String amount) {
        return """
                {"merchantRef":"%s","customerWallet":"%s","payoutAddressEvm":"%s","amountUsdc":%s,"interval":"month"}""".formatted(merchantRef, WALLET, PAYOUT, amount);
    }

    private static List<SubscriptionCommand> commandsWithKey(String key) {
        return TestKafka.commands(command -> key.equals(command.getIdempotencyKey()));
    }

    private Answer post(TestMerchant merchant, String mode, String key, String body) {
        return post(merchant, mode, key, "/v1/subscriptions", body);
    }

    private Answer post(TestMerchant merchant, String mode, String key, String path, String body) {
        EntityExchangeResult<String> result = http.post()
                .uri(path)
                .header("x-service-api-key", merchant.key(mode))
                .header(IdempotencyFilter.KEY_HEADER, key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange()
                .expectBody(String.class)
                .returnResult();
        return new Answer(
                result.getStatus().value(),
                result.getResponseHeaders().getFirst(IdempotencyFilter.REPLAYED_HEADER),
                result.getResponseBody() == null ? "" : result.getResponseBody(),
                result.getResponseHeaders().getFirst("Retry-After"));
    }
}
