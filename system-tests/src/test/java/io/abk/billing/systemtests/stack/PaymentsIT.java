package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One-time payments through the whole stack: create by amount or by a one-time price, the public
 * status and confirm in the sandbox, confirm twice, one transaction for one payment, and every verification
 * failure reaching the customer as a 400 with its code.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class PaymentsIT {

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("payments");
    }

    @Test
    void shouldCreateAnOpenPaymentThatExpiresInADayAndShowItsPublicStatus() {
        // given an ad hoc body of 19.99 USDC
        var before = Instant.now().minusSeconds(1);

        // when it is created
        var created = Payments.create(api, merchant.testKey(), "order-1", "19.99");

        // then it is open, for exactly 19.99, with its checkout URL, and expires a day after its creation
        assertThat(created.propertyNames()).containsExactly("payment", "checkoutUrl");
        var payment = created.path("payment");
        var id = payment.path("id").asString();
        assertThat(id).matches("pay_[0-9a-z]{26}");
        assertThat(payment.path("object").asString()).isEqualTo("payment");
        assertThat(payment.path("status").asString()).isEqualTo("open");
        assertThat(Json.decimal(payment.path("amountUsdc"))).isEqualTo(new BigDecimal("19.99"));
        assertThat(payment.path("merchantRef").asString()).isEqualTo("order-1");
        assertThat(payment.path("customerWallet").asString()).isEqualTo(Subscriptions.WALLET);
        assertThat(payment.path("payoutAddressEvm").asString()).isEqualTo(Api.MERCHANT_PAYOUT);
        assertThat(created.path("checkoutUrl").asString())
                .isEqualTo(api.publicUrl() + "/checkout/pay/" + id)
                .isEqualTo(payment.path("checkoutUrl").asString());
        var createdAt = Instant.parse(payment.path("createdAt").asString());
        assertThat(createdAt).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(Instant.parse(payment.path("expiresAt").asString())).isEqualTo(createdAt.plus(Duration.ofDays(1)));

        // and GET answers {payment}, equal to the created one
        assertThat(api.get(Payments.PAYMENTS + "/" + id)
                        .key(merchant.testKey())
                        .send()
                        .expect(200)
                        .json()
                        .path("payment"))
                .isEqualTo(payment);

        // and the public status shows the customer what to pay, on the sandbox chain, nothing private
        var status =
                api.get("/checkout/pay/" + id + "/status").send().expect(200).json();
        assertThat(status.propertyNames())
                .containsExactly(
                        "paymentId",
                        "status",
                        "amountUsdc",
                        "network",
                        "chainId",
                        "usdcAddress",
                        "merchantPayout",
                        "customerWallet",
                        "merchantDisplayName",
                        "successUrl",
                        "cancelUrl",
                        "paidAt",
                        "txHash",
                        "sandbox",
                        "chainIdHex",
                        "rpcUrls",
                        "blockExplorerUrls",
                        "nativeCurrency",
                        "confirmations",
                        "walletCalls",
                        "eip681Uri",
                        "signatureSupported",
                        "authorization");
        assertThat(status.path("paymentId").asString()).isEqualTo(id);
        assertThat(status.path("status").asString()).isEqualTo("open");
        assertThat(status.path("sandbox").asBoolean(false)).isTrue();
        assertThat(status.path("paidAt").isNull()).isTrue();

        // and payment.created carries the payment as the API renders it
        var events = api.topics()
                .awaitValues(Topics.EVENTS, event -> event.getAggregateId().equals(id), 1);
        assertThat(events).extracting(event -> event.getType()).containsExactly("payment.created");
    }

    @Test
    void shouldTakeTheAmountFromAOneTimePriceAndRefuseARecurringOne() {
        // given a product with a one-time price and a monthly one
        var prices = Subscriptions.createProduct(
                        api,
                        merchant.testKey(),
                        "Ebook",
                        List.of(Subscriptions.price("4.5", "once", 0), Subscriptions.price("9", "month", 0)))
                .path("prices");
        var once = prices.get(0).path("id").asString();
        var monthly = prices.get(1).path("id").asString();

        // when payments are created from each
        var byOnce = api.post(Payments.PAYMENTS)
                .key(merchant.testKey())
                .json(Map.of("merchantRef", "ebook-1", "customerWallet", Subscriptions.WALLET, "priceId", once))
                .send();
        var byMonthly = api.post(Payments.PAYMENTS)
                .key(merchant.testKey())
                .json(Map.of("merchantRef", "ebook-2", "customerWallet", Subscriptions.WALLET, "priceId", monthly))
                .send();

        // then the one-time price gives a 4.5 payment and the monthly one is refused
        assertThat(Json.decimal(byOnce.expect(201).json().at("/payment/amountUsdc")))
                .isEqualByComparingTo("4.5");
        assertThat(byOnce.json().at("/payment/priceId").asString()).isEqualTo(once);
        assertThat(byMonthly.status()).as(byMonthly.toString()).isEqualTo(400);
        assertThat(byMonthly.code()).isEqualTo("validation_error");
    }

    @Test
    void shouldAnswerAlreadyPaidTheSecondTimeWithOnePaymentPaidEvent() {
        // given an open payment
        var id = Payments.create(api, merchant.testKey(), "order-twice", "10")
                .at("/payment/id")
                .asString();

        // when the customer confirms twice in the sandbox, without a hash
        var first = Payments.confirm(api, id, null).send().expect(200).json();
        var second = Payments.confirm(api, id, null).send().expect(200).json();

        // then the first pays it with the sandbox hash and the second says it was already paid
        assertThat(first.path("alreadyPaid").asBoolean(true)).isFalse();
        assertThat(first.at("/payment/status").asString()).isEqualTo("paid");
        assertThat(first.at("/payment/txHash").asString()).isEqualTo(GuardFixtures.sandboxTxHash(id));
        assertThat(second.path("alreadyPaid").asBoolean(false)).isTrue();
        assertThat(second.path("payment")).isEqualTo(first.path("payment"));
        var payment = api.get(Payments.PAYMENTS + "/" + id)
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("payment");
        assertThat(payment.path("status").asString()).isEqualTo("paid");
        assertThat(Json.decimal(payment.path("amountReceivedUsdc"))).isEqualByComparingTo("10");
        assertThat(payment.path("paidLate").asBoolean(true)).isFalse();

        // and exactly one payment.paid event was emitted
        var events = api.topics()
                .awaitValues(Topics.EVENTS, event -> event.getAggregateId().equals(id), 2);
        assertThat(events).extracting(event -> event.getType()).containsExactly("payment.created", "payment.paid");
    }

    @Test
    void shouldRefuseToPayASecondPaymentWithATransactionThatPaidTheFirst() {
        // given two open payments and one transaction hash
        var first = Payments.create(api, merchant.testKey(), "order-a", "10")
                .at("/payment/id")
                .asString();
        var second = Payments.create(api, merchant.testKey(), "order-b", "10")
                .at("/payment/id")
                .asString();
        var hash = Payments.freshTxHash();

        // when the first is confirmed with it, then the second
        var paid = Payments.confirm(api, first, hash).send().expect(200).json();
        var reused = Payments.confirm(api, second, hash).send();

        // then the first is paid with that hash and the second is refused PAYMENT_TX_ALREADY_USED and stays open
        assertThat(paid.at("/payment/txHash").asString()).isEqualTo(hash);
        GuardRace.assertRefusal(reused, "PAYMENT_TX_ALREADY_USED");
        assertThat(api.get("/checkout/pay/" + second + "/status")
                        .send()
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("open");
        // and the first payment's own hash confirms it again as already paid
        assertThat(Payments.confirm(api, first, hash)
                        .send()
                        .expect(200)
                        .json()
                        .path("alreadyPaid")
                        .asBoolean(false))
                .isTrue();
    }

    @Test
    void shouldGiveTheCustomerEachVerificationFailureAsA400WithItsCode() {
        // given the sandbox's magic hashes for each failure
        var codes = List.of(
                "PAYMENT_TX_NOT_FOUND",
                "PAYMENT_TX_REVERTED",
                "PAYMENT_TX_NO_TRANSFER",
                "PAYMENT_WRONG_RECIPIENT",
                "PAYMENT_SHORT");
        var id = Payments.create(api, merchant.testKey(), "order-fails", "10")
                .at("/payment/id")
                .asString();

        for (int digit = 0; digit < codes.size(); digit++) {
            // when the customer confirms with it
            var reply = Payments.confirm(api, id, Payments.magicTxHash(digit)).send();

            // then the answer is a 400 with that failure's code, and the payment stays open
            GuardRace.assertRefusal(reply, codes.get(digit));
        }
        assertThat(api.get("/checkout/pay/" + id + "/status")
                        .send()
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("open");
        // and a short payment says what was expected and received
        var shortReply = Payments.confirm(api, id, Payments.magicTxHash(4)).send();
        assertThat(shortReply.json().path("error").asString()).contains("10").contains("5");
    }

    @Test
    void shouldNeverSettleALivePaymentInTheSandbox() {
        // given a live payment
        var id = Payments.create(api, merchant.liveKey(), "live-order", "10")
                .at("/payment/id")
                .asString();
        var status =
                api.get("/checkout/pay/" + id + "/status").send().expect(200).json();
        assertThat(status.path("sandbox").asBoolean(true)).isFalse();

        // when the customer confirms without a hash, then with one
        var hashless = Payments.confirm(api, id, null).send();
        var withHash = Payments.confirm(api, id, Payments.freshTxHash()).send();

        // then the first is a validation error (a hash is required on a real chain) and the second cannot be verified
        assertThat(hashless.status()).as(hashless.toString()).isEqualTo(400);
        assertThat(hashless.code()).isEqualTo("validation_error");
        GuardRace.assertRefusal(withHash, "CHAIN_UNAVAILABLE");
        assertThat(api.get(Payments.PAYMENTS + "/" + id)
                        .key(merchant.liveKey())
                        .send()
                        .expect(200)
                        .json()
                        .at("/payment/status")
                        .asString())
                .isEqualTo("open");
    }
}
