package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The local stack runs the companion USDT verifier beside the billing API, in sandbox mode on the stack's broker: an
 * intent confirmed through its HTTP API is confirmed once and published once on usdt.events (which the stack's webhook
 * sender delivers to the companion's endpoints; that delivery is webhook-sender's CompanionWebhookIT).
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class UsdtVerifierStackIT {

    private static final String KEY = "usdt_dev_local_only_key";
    private static final String TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

    private static Api api;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
    }

    @Test
    void shouldConfirmAnIntentOnceAndPublishItsEventOnceWhenTheStacksVerifierIsAsked() {
        var verifier = api.info().usdtUrl();
        assertThat(api.info().usdtKey())
                .as("no BILLING_USDT_KEYS: the development key")
                .isEqualTo(KEY);
        assertThat(new Call(verifier, "GET", "/health")
                        .toOtherService()
                        .send()
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("ok");
        var ref = "stack-" + UUID.randomUUID();
        var intent = new Call(verifier, "POST", "/v1/intents")
                .toOtherService()
                .key(KEY)
                .json(Map.of("merchantRef", ref, "amountUsdt", new BigDecimal("12.5"), "payToAddress", TRON))
                .send()
                .expect(201)
                .json()
                .at("/intent/id")
                .asString();
        var tx = "0x" + UUID.randomUUID().toString().replace("-", "").repeat(2);

        var first = new Call(verifier, "POST", "/v1/payments/confirm")
                .toOtherService()
                .key(KEY)
                .json(Map.of("intentId", intent, "txHash", tx))
                .send()
                .expect(200)
                .json();
        var again = new Call(verifier, "POST", "/v1/payments/confirm")
                .toOtherService()
                .key(KEY)
                .json(Map.of("intentId", intent, "txHash", tx))
                .send()
                .expect(200)
                .json();

        assertThat(first.at("/intent/status").asString()).isEqualTo("confirmed");
        assertThat(again).as("a second confirm answers the first result").isEqualTo(first);
        var events = api.topics()
                .awaitValues(Topics.USDT_EVENTS, event -> event.getIntentId().equals(intent), 1);
        assertThat(events).singleElement().satisfies(event -> {
            assertThat(event.getType()).isEqualTo("payment.confirmed");
            assertThat(event.getEventId()).isEqualTo(first.at("/event/id").asString());
            assertThat(event.getTransaction().getTxHash()).isEqualTo(tx);
        });
    }
}
