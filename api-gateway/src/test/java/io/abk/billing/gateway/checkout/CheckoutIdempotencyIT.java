package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * {@code Idempotency-Key} on checkout's POSTs, kept per checkout object: an open sent twice with one key (a retry
 * after a lost answer or a 503) uses one use of a link with max uses and answers the same; another key is another
 * open; the key with another body is 409 {@code idempotency_error}. Protects against a retried open using up the link.
 */
class CheckoutIdempotencyIT extends PaymentsIT {

    @Test
    void shouldUseOneUseOfTheLinkWhenTheSameOpenIsSentTwiceWithOneKey() {
        var merchant = newMerchant();
        var linkId = createLink(merchant, "test", "5", Map.of("maxUses", 3))
                .get("id")
                .stringValue();
        var key = "open-" + UUID.randomUUID();
        var body = Map.of("customerWallet", WALLET);

        var first = open(linkId, body, key);
        var again = open(linkId, body, key);
        var useCountAfterRepeat = useCount(merchant, linkId);
        var another = open(linkId, body, "open-" + UUID.randomUUID());
        var otherBody = open(linkId, Map.of("customerWallet", "0x000000000000000000000000000000000000dEaD"), key);

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(again.status()).as(again.text()).isEqualTo(200);
        assertThat(again.text()).isEqualTo(first.text());
        assertThat(again.headers().getFirst("Idempotent-Replayed")).isEqualTo("true");
        assertThat(useCountAfterRepeat).isEqualTo(1);
        assertThat(another.status()).as(another.text()).isEqualTo(200);
        assertThat(paymentId(another)).isNotEqualTo(paymentId(first));
        assertThat(otherBody.status()).as(otherBody.text()).isEqualTo(409);
        assertThat(otherBody.code()).isEqualTo("idempotency_error");
        assertThat(useCount(merchant, linkId)).isEqualTo(2);
        assertThat(opens(merchant)).isEqualTo(2);
    }

    @Test
    void shouldAnswerTheFirstOpenWhenRetriedWithItsKeyAfterA503() {
        var merchant = newMerchant();
        var linkId = createLink(merchant, "test", "5", Map.of("maxUses", 2))
                .get("id")
                .stringValue();
        var key = "open-" + UUID.randomUUID();
        var body = Map.of("customerWallet", WALLET);
        Reply timedOut;
        processor.pause();
        try {
            timedOut = open(linkId, body, key);
        } finally {
            processor.resume();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> useCount(merchant, linkId) == 1);

        var retried = open(linkId, body, key);

        assertThat(timedOut.status()).as(timedOut.text()).isEqualTo(503);
        assertThat(timedOut.code()).isEqualTo("processing_timeout");
        assertThat(retried.status()).as(retried.text()).isEqualTo(200);
        assertThat(retried.headers().getFirst("Idempotent-Replayed")).isEqualTo("true");
        assertThat(useCount(merchant, linkId)).isEqualTo(1);
        assertThat(opens(merchant)).isEqualTo(1);
        assertThat(checkoutGet("/checkout/link/" + linkId + "/status")
                        .body()
                        .get("remainingUses")
                        .intValue())
                .isEqualTo(1);
    }

    @Test
    void shouldKeepOneKeyApartOnTwoLinks() {
        var merchant = newMerchant();
        var one = createLink(merchant, "test", "5", Map.of()).get("id").stringValue();
        var two = createLink(merchant, "test", "5", Map.of()).get("id").stringValue();
        var key = "open-" + UUID.randomUUID();

        var onOne = openAnswered(one, key);
        var firstOnTwo = open(two, Map.of(), key);
        var onTwo = firstOnTwo.status() == 503 ? openAnswered(two, key) : firstOnTwo;

        assertThat(onOne.status()).as(onOne.text()).isEqualTo(200);
        assertThat(onTwo.status()).as(onTwo.text()).isEqualTo(200);
        if (firstOnTwo == onTwo) {
            // (a first answer on the second link is its own; after a 503 the retry replays that link's own open)
            assertThat(onTwo.headers().getFirst("Idempotent-Replayed")).isNull();
        }
        assertThat(paymentId(onTwo)).isNotEqualTo(paymentId(onOne));
    }

    /**
     * An open of {@code linkId} with {@code key}, sent again with the same key while it answers 503
     * {@code processing_timeout}, as the answer asks (on a loaded machine an open's outcome can take longer than the
     * gateway's wait).
     */
    private Reply openAnswered(String linkId, String key) {
        var reply = new Reply[1];
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            reply[0] = open(linkId, Map.of(), key);
            return !(reply[0].status() == 503 && "processing_timeout".equals(reply[0].code()));
        });
        return reply[0];
    }

    private Reply open(String linkId, Object body, String key) {
        return call(HttpMethod.POST, "/checkout/link/" + linkId + "/open", null, body, key);
    }

    private int useCount(TestMerchant merchant, String linkId) {
        return get(merchant, "test", "/v1/payment-links/" + linkId)
                .body()
                .get("paymentLink")
                .get("useCount")
                .intValue();
    }

    /** The opens sent to the merchant's links (a retry that resumes sends none). */
    private static long opens(TestMerchant merchant) {
        return linkCommands(merchant).stream()
                .filter(command -> command.getPayload() instanceof OpenPaymentLink)
                .count();
    }

    private static String paymentId(Reply reply) {
        return reply.body().get("payment").get("paymentId").stringValue();
    }
}
