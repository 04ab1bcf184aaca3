package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Payment links through the whole stack: the link's processor is the single writer of its use count,
 * so {@code maxUses} holds exactly under any number of concurrent opens; an expired or disabled link cannot be
 * opened; disable is idempotent; a paid minted payment counts as a conversion.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class PaymentLinksIT {

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("payment-links");
    }

    @Test
    void shouldMintExactlyTwentyFivePaymentsWhenTwoHundredCustomersOpenALinkOfTwentyFiveUses() {
        // given a link of 5 USDC that may be used 25 times
        var link = Payments.createLink(
                        api,
                        merchant.testKey(),
                        Payments.link("5", Map.of("maxUses", 25, "merchantRefPrefix", "promo")))
                .path("paymentLink");
        var linkId = link.path("id").asString();
        assertThat(link.path("status").asString()).isEqualTo("active");
        assertThat(link.path("useCount").asInt()).isZero();

        // when two hundred customers open it at once
        var replies = GuardRace.race(200, i -> Payments.open(api, linkId, Map.of()));

        // then exactly 25 get a payment, each with its own id and a distinct merchantRef promo_1 ... promo_25
        var opened = GuardRace.withStatus(replies, 200);
        assertThat(opened).hasSize(25);
        var refs = new HashSet<String>();
        var paymentIds = new HashSet<String>();
        for (var reply : opened) {
            var body = reply.json();
            var paymentId = body.at("/payment/paymentId").asString();
            paymentIds.add(paymentId);
            assertThat(body.path("checkoutUrl").asString()).isEqualTo(api.publicUrl() + "/checkout/pay/" + paymentId);
            var payment = api.get(Payments.PAYMENTS + "/" + paymentId)
                    .key(merchant.testKey())
                    .send()
                    .expect(200)
                    .json()
                    .path("payment");
            assertThat(payment.path("paymentLinkId").asString()).isEqualTo(linkId);
            assertThat(payment.path("status").asString()).isEqualTo("open");
            assertThat(Json.decimal(payment.path("amountUsdc"))).isEqualByComparingTo("5");
            assertThat(payment.at("/metadata/paymentLinkId").asString()).isEqualTo(linkId);
            refs.add(payment.path("merchantRef").asString());
        }
        assertThat(paymentIds).hasSize(25);
        assertThat(refs)
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.rangeClosed(1, 25).mapToObj(n -> "promo_" + n).toList());

        // and the other 175 get a clear 400 payment_link_error, saying the link is used up
        GuardRace.assertRefused(replies, 175, "payment_link_error");

        // and the link reads used 25 of 25 times, expired, and not openable any more
        var after = api.get(Payments.LINKS + "/" + linkId)
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json();
        assertThat(after.at("/paymentLink/useCount").asInt()).isEqualTo(25);
        assertThat(after.at("/paymentLink/status").asString()).isEqualTo("expired");
        var status = api.get("/checkout/link/" + linkId + "/status")
                .send()
                .expect(200)
                .json();
        assertThat(status.path("openable").asBoolean(true)).isFalse();
        assertThat(status.path("remainingUses").asInt(-1)).isZero();

        // and exactly 25 payment.created events name the link, one per minted payment
        var created = api.topics()
                .awaitValues(
                        Topics.EVENTS,
                        event -> event.getType().equals("payment.created")
                                && paymentIds.contains(event.getAggregateId()),
                        25);
        assertThat(created).hasSize(25);
        var mints =
                api.topics().values(Topics.PAYMENT_COMMANDS, command -> paymentIds.contains(command.getPaymentId()));
        assertThat(mints).extracting(PaymentCommand::getPaymentId).hasSize(25).doesNotHaveDuplicates();
    }

    @Test
    void shouldRefuseToOpenALinkOnceItsExpiryHasPassed() {
        // given a link that expires two seconds from now
        var expiresAt = Instant.now().plusSeconds(2);
        var link = Payments.createLink(
                        api, merchant.testKey(), Payments.link("3", Map.of("expiresAt", expiresAt.toString())))
                .path("paymentLink");
        var linkId = link.path("id").asString();

        // when the expiry has passed (the checkout status says so by itself)
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> !api.get("/checkout/link/" + linkId + "/status")
                        .send()
                        .expect(200)
                        .json()
                        .path("openable")
                        .asBoolean(true));

        // then opening it is a 400 payment_link_error that says it expired, and nothing is minted
        var refused = Payments.open(api, linkId, Map.of()).send();
        GuardRace.assertRefusal(refused, "payment_link_error");
        assertThat(refused.json().path("error").asString()).containsIgnoringCase("expired");
        var read = api.get(Payments.LINKS + "/" + linkId)
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("paymentLink");
        assertThat(read.path("useCount").asInt()).isZero();
        assertThat(read.path("status").asString()).isEqualTo("expired");
    }

    @Test
    void shouldDisableTwiceAndRefuseOpensOfADisabledLink() {
        // given an active link
        var linkId = Payments.createLink(api, merchant.testKey(), Payments.link("7.5", Map.of()))
                .at("/paymentLink/id")
                .asString();

        // when it is disabled twice
        var first = api.post(Payments.LINKS + "/" + linkId + "/disable")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json();
        var second = api.post(Payments.LINKS + "/" + linkId + "/disable")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json();

        // then both answer the disabled link with its URL, and the second changed nothing
        assertThat(first.at("/paymentLink/status").asString()).isEqualTo("disabled");
        assertThat(first.path("url").asString()).isEqualTo(api.publicUrl() + "/checkout/link/" + linkId);
        assertThat(second).isEqualTo(first);

        // and an open is a 400 payment_link_error saying it is disabled
        var refused = Payments.open(api, linkId, Map.of()).send();
        GuardRace.assertRefusal(refused, "payment_link_error");
        assertThat(refused.json().path("error").asString()).contains("disabled");
    }

    @Test
    void shouldCountAConversionWhenAMintedPaymentIsPaid() {
        // given a link that collects the customer's e-mail, opened once with it
        var linkId = Payments.createLink(api, merchant.testKey(), Payments.link("12", Map.of("collectEmail", true)))
                .at("/paymentLink/id")
                .asString();
        var missing = Payments.open(api, linkId, Map.of()).send();
        assertThat(missing.status()).as(missing.toString()).isEqualTo(400);
        var opened = Payments.open(
                        api, linkId, Map.of("email", "ada@example.com", "customerWallet", Subscriptions.WALLET))
                .send()
                .expect(200)
                .json();
        var paymentId = opened.at("/payment/paymentId").asString();

        // when the customer pays it in the sandbox (a confirm without a hash)
        var confirmed =
                Payments.confirm(api, paymentId, null).send().expect(200).json();

        // then the payment is paid and the link counts one use and one conversion
        assertThat(confirmed.path("alreadyPaid").asBoolean(true)).isFalse();
        assertThat(confirmed.at("/payment/status").asString()).isEqualTo("paid");
        var payment = api.get(Payments.PAYMENTS + "/" + paymentId)
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("payment");
        assertThat(payment.path("customerEmail").asString()).isEqualTo("ada@example.com");
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> {
                    var link = api.get(Payments.LINKS + "/" + linkId)
                            .key(merchant.testKey())
                            .send()
                            .expect(200)
                            .json()
                            .path("paymentLink");
                    assertThat(link.path("useCount").asInt()).isEqualTo(1);
                    assertThat(link.path("paidCount").asInt()).isEqualTo(1);
                });
        List<BillingEvent> paid = api.topics()
                .awaitValues(
                        Topics.EVENTS,
                        event -> event.getAggregateId().equals(paymentId)
                                && event.getType().equals("payment.paid"),
                        1);
        assertThat(paid).hasSize(1);
    }
}
