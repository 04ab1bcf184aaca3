package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ConfirmPayment;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.CreatePaymentLink;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.ReversePayment;
import io.abk.billing.schemas.avro.SettlePayment;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Payment and payment link command envelopes as the gateway and the chain-indexer produce them, for tests. */
public final class PaymentEnvelopes {

    public static final String MERCHANT_ID = "mer_01jq0000000000000000000000";
    public static final String WALLET = "0x1111111111111111111111111111111111111111";
    public static final String PAYOUT = "0x2222222222222222222222222222222222222222";
    public static final String TX_HASH = "0x" + "cd".repeat(32);
    public static final String PUBLIC_URL = "https://billing.example";

    private PaymentEnvelopes() {}

    /** An ad hoc payment of 25 USDC. */
    public static PaymentCommand create(String commandId, String paymentId, Instant requestedAt) {
        return payment(
                commandId,
                paymentId,
                requestedAt,
                CreatePayment.newBuilder()
                        .setAmountMicros(25_000_000)
                        .setCustomerWallet(WALLET)
                        .setPayoutAddress(PAYOUT)
                        .setMerchantRef("order-" + commandId)
                        .setDescription("Blue mug")
                        .setCheckoutUrl(PUBLIC_URL + "/checkout/pay/" + paymentId)
                        .setSuccessUrl("https://shop.example/ok")
                        .setMetadata(Map.of("cart", "c-9"))
                        .build());
    }

    public static PaymentCommand confirm(
            String commandId, String paymentId, Instant requestedAt, @Nullable String txHash) {
        return payment(commandId, paymentId, requestedAt, new ConfirmPayment(txHash));
    }

    /** The chain-indexer matched transfer {@code txHash} of exactly 25 USDC from the customer's wallet. */
    public static PaymentCommand payFromChain(String commandId, String paymentId, Instant requestedAt, String txHash) {
        return payment(
                commandId,
                paymentId,
                requestedAt,
                new PayFromChain("84532:" + txHash + ":0", txHash, WALLET, 25_000_000L, null));
    }

    /** The chain-indexer retracted transfer {@code txHash}. */
    public static PaymentCommand reversePayment(
            String commandId, String paymentId, Instant requestedAt, String txHash) {
        return payment(commandId, paymentId, requestedAt, new ReversePayment("84532:" + txHash + ":0", txHash));
    }

    /** An envelope of the test merchant in test mode around {@code payload}. */
    public static PaymentCommand payment(String commandId, String paymentId, Instant requestedAt, Object payload) {
        return PaymentCommand.newBuilder()
                .setCommandId(commandId)
                .setPaymentId(paymentId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(requestedAt)
                .setIdempotencyKey("idem-" + commandId)
                .setRequestId("req-" + commandId)
                .setPayload(payload)
                .build();
    }

    /** The answer the chain-indexer gives {@code request}: verified (amount received = amount), or already used. */
    public static PaymentCommand settled(ChainRequest request, boolean succeeded) {
        var payload = succeeded
                ? new SettlePayment(request.getRequestId(), true, TX_HASH, request.getAmountMicros(), null, null)
                : new SettlePayment(
                        request.getRequestId(),
                        false,
                        null,
                        null,
                        "PAYMENT_TX_ALREADY_USED",
                        "Transaction " + TX_HASH + " has already paid another payment");
        return PaymentCommand.newBuilder()
                .setCommandId(request.getResultCommandId())
                .setPaymentId(request.getPaymentId())
                .setMerchantId(request.getMerchantId())
                .setMode(request.getMode())
                .setRequestedAt(request.getRequestedAt())
                .setPayload(payload)
                .build();
    }

    /** A link of 12.5 USDC with merchantRef prefix {@code ticket}, collecting the email. */
    public static PaymentLinkCommand createLink(
            String commandId,
            String linkId,
            Instant requestedAt,
            @Nullable Integer maxUses,
            @Nullable Instant expiresAt) {
        return link(
                commandId,
                linkId,
                requestedAt,
                CreatePaymentLink.newBuilder()
                        .setAmountMicros(12_500_000)
                        .setDescription("Concert ticket")
                        .setMerchantRefPrefix("ticket")
                        .setPayoutAddress(PAYOUT)
                        .setPriceId("price_01jq0000000000000000000000")
                        .setMaxUses(maxUses)
                        .setExpiresAt(expiresAt)
                        .setUrl(PUBLIC_URL + "/checkout/link/" + linkId)
                        .setSuccessUrl("https://shop.example/ok")
                        .setCancelUrl("https://shop.example/cancel")
                        .setCollectEmail(true)
                        .setMetadata(Map.of("event", "e-1"))
                        .build());
    }

    public static PaymentLinkCommand open(String commandId, String linkId, Instant requestedAt, String paymentId) {
        return link(
                commandId,
                linkId,
                requestedAt,
                OpenPaymentLink.newBuilder()
                        .setPaymentId(paymentId)
                        .setCheckoutUrl(PUBLIC_URL + "/checkout/pay/" + paymentId)
                        .setCustomerEmail("ada@example.com")
                        .build());
    }

    public static PaymentLinkCommand link(String commandId, String linkId, Instant requestedAt, Object payload) {
        return PaymentLinkCommand.newBuilder()
                .setCommandId(commandId)
                .setPaymentLinkId(linkId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(requestedAt)
                .setIdempotencyKey("idem-" + commandId)
                .setRequestId("req-" + commandId)
                .setPayload(payload)
                .build();
    }
}
