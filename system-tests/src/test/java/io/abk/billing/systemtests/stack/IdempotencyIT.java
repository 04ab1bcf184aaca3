package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Idempotency-Key} on the create route, through the real processor: replay of the same request (compared
 * as parsed JSON), 409 for a different one, 409 while in flight, one subscription from 20 concurrent requests,
 * and replay of a 400.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class IdempotencyIT {

    private static Api api;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
    }

    @Test
    void shouldReplayTheSameStatusAndBodyAndCreateOnceWhenTheSameRequestIsRepeatedWithOtherKeyOrderAndWhitespace() {
        // given a merchant and a create sent with an Idempotency-Key
        var merchant = api.newMerchant("idempotency-replay");
        var key = newKey();
        var first = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .body(
                        "{\"merchantRef\":\"order-1\",\"customerWallet\":\"" + Subscriptions.WALLET
                                + "\",\"amountUsdc\":9.99,\"interval\":\"month\"}",
                        "application/json")
                .send()
                .expect(201);
        assertThat(first.header("Idempotent-Replayed")).isEmpty();

        // when the same request comes again with its keys reordered and other whitespace
        var again = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .body(
                        "{\n  \"interval\" : \"month\",\n  \"amountUsdc\" : 9.99,\n  \"customerWallet\" : \""
                                + Subscriptions.WALLET + "\",\n  \"merchantRef\" : \"order-1\"\n}\n",
                        "application/json")
                .send();

        // then it answers the same status and body, marked as a replay
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(again.json()).isEqualTo(first.json());
        // and exactly one subscription (and one command) exists
        var id = first.json().at("/subscription/id").asString();
        assertThat(Subscriptions.listAllIds(api, merchant.testKey(), 100)).containsExactly(id);
        assertThat(api.topics()
                        .values(
                                Topics.SUBSCRIPTION_COMMANDS,
                                (SubscriptionCommand c) ->
                                        c.getMerchantId().equals(merchant.id()) && !Subscriptions.isFinalization(c)))
                .hasSize(1);
    }

    @Test
    void shouldAnswer409IdempotencyErrorAndCreateNothingMoreWhenTheKeyIsReusedForAnotherBody() {
        // given a create done with a key
        var merchant = api.newMerchant("idempotency-conflict");
        var key = newKey();
        var first = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(Subscriptions.adHoc("order-1"))
                .send()
                .expect(201);

        // when the key comes back with a different body, or on another route
        var otherBody = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(Subscriptions.adHoc("order-2"))
                .send();
        var otherRoute = api.post("/v1/products")
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(java.util.Map.of("name", "Gold"))
                .send();

        // then both are 409 idempotency_error, and still only the first subscription exists
        assertThat(otherBody.status()).isEqualTo(409);
        assertThat(otherBody.code()).isEqualTo("idempotency_error");
        assertThat(otherBody.json().path("error").asString()).isNotBlank();
        assertThat(otherRoute.status()).isEqualTo(409);
        assertThat(otherRoute.code()).isEqualTo("idempotency_error");
        assertThat(Subscriptions.listAllIds(api, merchant.testKey(), 100))
                .containsExactly(first.json().at("/subscription/id").asString());
    }

    @Test
    void shouldCreateExactlyOneSubscriptionWhenTwentyConcurrentRequestsShareOneKey() {
        // given twenty identical creates with one key, sent at once
        var merchant = api.newMerchant("idempotency-concurrent");
        var key = newKey();
        var body = Subscriptions.adHoc("order-concurrent");
        var calls = IntStream.range(0, 20)
                .mapToObj(i -> api.post(Subscriptions.PATH)
                        .key(merchant.testKey())
                        .idempotencyKey(key)
                        .json(body))
                .toList();
        var replies = calls.stream().map(Call::sendAsync).toList();
        CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).join();
        var answers = replies.stream().map(CompletableFuture::join).toList();

        // then each is the one created subscription (201) or in progress (409), at least one is the 201
        var created = answers.stream().filter(reply -> reply.status() == 201).toList();
        assertThat(created).isNotEmpty();
        var ids = new HashSet<String>();
        created.forEach(reply -> ids.add(reply.json().at("/subscription/id").asString()));
        assertThat(ids).hasSize(1);
        assertThat(answers).allSatisfy(reply -> {
            if (reply.status() != 201) {
                assertThat(reply.status()).as(reply.toString()).isEqualTo(409);
                assertThat(reply.code()).as(reply.toString()).isEqualTo("idempotency_in_progress");
                assertThat(reply.header("Retry-After")).isPresent();
            }
        });
        // and exactly one subscription exists afterwards, from one command with one accepted change
        var id = ids.iterator().next();
        assertThat(Subscriptions.listAllIds(api, merchant.testKey(), 100)).containsExactly(id);
        assertThat(api.topics()
                        .values(
                                Topics.CHANGES,
                                (Change c) -> c.getMerchantId().equals(merchant.id())
                                        && c.getAggregateType().equals("subscription")
                                        && !Subscriptions.isFinalization(c)))
                .extracting(Change::getAggregateId)
                .containsExactly(id);
        // and one change of the customer aggregate: the one create's ensure of its wallet's customer (applied after
        // the create, so awaited)
        assertThat(api.topics()
                        .awaitValues(
                                Topics.CHANGES,
                                (Change c) -> c.getMerchantId().equals(merchant.id())
                                        && c.getAggregateType().equals("customer"),
                                1))
                .hasSize(1);
        // and a later repeat replays it
        var later = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(body)
                .send()
                .expect(201);
        assertThat(later.header("Idempotent-Replayed")).contains("true");
        assertThat(later.json().at("/subscription/id").asString()).isEqualTo(id);
    }

    @Test
    void shouldReplayA400WhenABadRequestIsRepeatedWithItsKey() {
        // given a create refused with 400 under a key
        var merchant = api.newMerchant("idempotency-400");
        var key = newKey();
        var bad = Subscriptions.adHoc("order-bad");
        bad.put("interval", "week");
        var first = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(bad)
                .send();
        assertThat(first.status()).isEqualTo(400);
        assertThat(first.code()).isEqualTo("validation_error");

        // when it is repeated, then the 400 is replayed as it was (same request id in the body)
        var again = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(bad)
                .send();
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(again.json()).isEqualTo(first.json());

        // and a corrected request needs a new key: the old one names the refused request
        var corrected = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(Subscriptions.adHoc("order-bad"))
                .send();
        assertThat(corrected.status()).isEqualTo(409);
        assertThat(corrected.code()).isEqualTo("idempotency_error");
        assertThat(Subscriptions.listAllIds(api, merchant.testKey(), 100)).isEmpty();
    }

    @Test
    void shouldKeepKeysApartPerMerchantAndModeWhenTwoCallersUseTheSameKey() {
        // given one key used by two merchants and by both modes of one of them
        var a = api.newMerchant("idempotency-scope-a");
        var b = api.newMerchant("idempotency-scope-b");
        var key = newKey();
        var body = Subscriptions.adHoc("order-shared-key");

        // when each sends the same body with it, then each gets its own new subscription
        var answers = List.of(a.testKey(), a.liveKey(), b.testKey()).stream()
                .map(apiKey -> api.post(Subscriptions.PATH)
                        .key(apiKey)
                        .idempotencyKey(key)
                        .json(body)
                        .send()
                        .expect(201))
                .toList();
        assertThat(answers)
                .allSatisfy(
                        reply -> assertThat(reply.header("Idempotent-Replayed")).isEmpty());
        assertThat(answers.stream()
                        .map(reply -> reply.json().at("/subscription/id").asString())
                        .distinct())
                .hasSize(3);
    }

    private static String newKey() {
        return "idem-" + UUID.randomUUID();
    }
}
