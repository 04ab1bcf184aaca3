package io.abk.billing.usdt.http.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.usdt.TestVerifier;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code Idempotency-Key} on the verifier's POSTs, through HTTP against a real broker, with the billing API's rules:
 * a repeat is replayed (one intent, one command), a different request with the key is refused, and a key is its API
 * key's alone. The record's day and the wait while a first request runs are pinned by {@code IdempotencyDeciderTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdempotencyIT {

    private static final String INTENT = "{\"merchantRef\":\"order-7\",\"amountUsdt\":12.5,"
            + "\"payToAddress\":\"0x00000000000000000000000000000000000000bb\",\"matchStrategy\":\"exact\"}";

    private TestVerifier verifier;

    @BeforeAll
    void start() throws Exception {
        verifier = TestVerifier.sandbox();
    }

    private static Map<String, String> keyed(String apiKey, String idempotencyKey) {
        return Map.of("x-service-api-key", apiKey, "Idempotency-Key", idempotencyKey);
    }

    private static String freshKey() {
        return "order-" + UUID.randomUUID();
    }

    /** Protects a client's retry from creating a second intent: every POST was a new one, whatever its key. */
    @Test
    void shouldReplayTheFirstAnswerAndCreateOneIntentWhenTheSameRequestComesAgain() throws Exception {
        var key = freshKey();
        var first = verifier.post("/v1/intents", INTENT, keyed(TestVerifier.KEY, key));
        var commands = verifier.endOffsets(Topics.USDT_INTENT_COMMANDS);

        // The same request, spelled differently: another key order, spacing and number form.
        var again = verifier.post(
                "/v1/intents",
                "{ \"matchStrategy\": \"exact\", \"amountUsdt\": 12.50, \"merchantRef\": \"order-7\","
                        + " \"payToAddress\": \"0x00000000000000000000000000000000000000bb\" }",
                keyed(TestVerifier.KEY, key));

        assertThat(first.status()).as(first.body().toString()).isEqualTo(201);
        assertThat(first.replayed()).isFalse();
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.replayed()).isTrue();
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(verifier.endOffsets(Topics.USDT_INTENT_COMMANDS))
                .as("no command sent again")
                .isEqualTo(commands);
    }

    @Test
    void shouldRefuseAnotherBodyOrRouteWithTheKeyWith409() {
        var key = freshKey();
        assertThat(verifier.post("/v1/intents", INTENT, keyed(TestVerifier.KEY, key))
                        .status())
                .isEqualTo(201);

        var otherBody =
                verifier.post("/v1/intents", INTENT.replace("order-7", "order-8"), keyed(TestVerifier.KEY, key));
        var otherRoute = verifier.post(
                "/v1/payments/verify",
                INTENT.replace("}", ",\"txHash\":\"0x" + "ab".repeat(32) + "\"}"),
                keyed(TestVerifier.KEY, key));

        assertThat(otherBody.status()).isEqualTo(409);
        assertThat(otherBody.code()).isEqualTo("idempotency_error");
        assertThat(otherRoute.status()).isEqualTo(409);
        assertThat(otherRoute.code()).isEqualTo("idempotency_error");
    }

    @Test
    void shouldKeepEachApiKeysIdempotencyKeysApart() {
        var key = freshKey();
        var mine = verifier.post("/v1/intents", INTENT, keyed(TestVerifier.KEY, key));

        var theirs =
                verifier.post("/v1/intents", INTENT.replace("order-7", "theirs"), keyed(TestVerifier.OTHER_KEY, key));

        assertThat(mine.status()).isEqualTo(201);
        assertThat(theirs.status()).as("a new request of the other key").isEqualTo(201);
        assertThat(theirs.replayed()).isFalse();
        assertThat(theirs.body().get("intent").get("id"))
                .isNotEqualTo(mine.body().get("intent").get("id"));
    }

    @Test
    void shouldReplayARefusalAsItReplaysASuccess() {
        var key = freshKey();
        var invalid = INTENT.replace("12.5", "-1");

        var first = verifier.post("/v1/intents", invalid, keyed(TestVerifier.KEY, key));
        var again = verifier.post("/v1/intents", invalid, keyed(TestVerifier.KEY, key));

        assertThat(first.status()).isEqualTo(400);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.replayed()).isTrue();
        assertThat(again.body()).isEqualTo(first.body());
    }

    @Test
    void shouldRefuseAKeyThatIsEmptyOrTooLong() {
        var tooLong = verifier.post("/v1/intents", INTENT, keyed(TestVerifier.KEY, "k".repeat(256)));

        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.code()).isEqualTo("validation_error");
        assertThat(tooLong.body().get("param").asString()).isEqualTo("Idempotency-Key");
    }
}
