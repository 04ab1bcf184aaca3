package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PriceTierPart;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Command envelopes as the gateway produces them, for tests. */
public final class CommandEnvelopes {

    public static final String MERCHANT_ID = "mer_01jq0000000000000000000000";

    private CommandEnvelopes() {}

    /** A monthly ad hoc create of 9.99 USDC, its invoice id derived from the subscription id. */
    public static SubscriptionCommand create(String commandId, String subscriptionId, Instant requestedAt) {
        return SubscriptionCommand.newBuilder()
                .setCommandId(commandId)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(requestedAt)
                .setIdempotencyKey("idem-" + commandId)
                .setRequestId("req-" + commandId)
                .setPayload(CreateSubscription.newBuilder()
                        .setInvoiceId(subscriptionId.replace("sub_", "inv_"))
                        .setAmountMicros(9_990_000)
                        .setInterval("month")
                        .setWalletAddress("0x1111111111111111111111111111111111111111")
                        .setPayoutAddress("0x2222222222222222222222222222222222222222")
                        .setMerchantRef("order-" + commandId)
                        .setMetadata(Map.of("source", "test"))
                        .build())
                .build();
    }

    /** An envelope of the test merchant in test mode around {@code payload}. */
    public static SubscriptionCommand command(
            String commandId, String subscriptionId, Instant requestedAt, Object payload) {
        return SubscriptionCommand.newBuilder()
                .setCommandId(commandId)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(requestedAt)
                .setRequestId("req-" + commandId)
                .setPayload(payload)
                .build();
    }

    /**
     * A command the renewal scheduler fires for an item due at {@code dueAt}: stamped with the due time, no
     * idempotency key, no HTTP request id.
     */
    public static SubscriptionCommand scheduled(
            String commandId, String subscriptionId, Instant dueAt, Object payload) {
        return SubscriptionCommand.newBuilder(command(commandId, subscriptionId, dueAt, payload))
                .setRequestId(null)
                .build();
    }

    /** The gas a successful settlement reports for the relayer's transaction. */
    public static final long GAS_USED = 61_234L;

    /** Its cost in wei: beyond a long, as real costs can be. */
    public static final String GAS_COST_WEI = "123456789012345678901";

    /**
     * The result the settlement answers {@code request} with, as the settlement service produces it; a success
     * reports the relayer's gas.
     */
    public static SubscriptionCommand settled(ChainRequest request, boolean succeeded) {
        var txHash = succeeded ? "0x" + "ab".repeat(32) : null;
        var code = succeeded ? null : "INSUFFICIENT_BALANCE";
        var message = succeeded ? null : "The customer's wallet does not hold enough USDC";
        var gasUsed = succeeded ? GAS_USED : null;
        var gasCostWei = succeeded ? GAS_COST_WEI : null;
        Object payload = switch (request.getPayload()) {
            case RefundRequest refund ->
                new SettleRefund(
                        request.getRequestId(),
                        request.getInvoiceId(),
                        request.getAmountMicros(),
                        succeeded,
                        txHash,
                        code,
                        message,
                        gasUsed,
                        gasCostWei);
            default ->
                new SettleCharge(
                        request.getRequestId(),
                        request.getInvoiceId(),
                        succeeded,
                        txHash,
                        code,
                        message,
                        gasUsed,
                        gasCostWei);
        };
        return SubscriptionCommand.newBuilder(command(
                        request.getResultCommandId(), request.getSubscriptionId(), request.getRequestedAt(), payload))
                .setMerchantId(request.getMerchantId())
                .setMode(request.getMode())
                .build();
    }

    /** The same create with another interval string (the gateway only sends month or year). */
    public static SubscriptionCommand withInterval(SubscriptionCommand create, String interval) {
        var payload = CreateSubscription.newBuilder((CreateSubscription) create.getPayload())
                .setInterval(interval);
        return SubscriptionCommand.newBuilder(create)
                .setPayload(payload.build())
                .build();
    }

    /** The metered item of {@link #metered}: API calls at 0.002 USDC each. */
    public static final String FLAT_ITEM_ID = "si_flat";

    /** The tiered metered item of {@link #metered}: the first 100 GB free, then 0.05 USDC each plus 1 USDC once. */
    public static final String TIERED_ITEM_ID = "si_tiered";

    /**
     * A monthly create with items: a licensed seat of 5 USDC (x2, so 10 USDC per month in advance), API calls metered
     * at 0.002 USDC each and storage metered by graduated tiers, at most 50 USDC per period.
     */
    public static SubscriptionCommand metered(String commandId, String subscriptionId, Instant requestedAt) {
        var create = create(commandId, subscriptionId, requestedAt);
        var payload = CreateSubscription.newBuilder((CreateSubscription) create.getPayload())
                .setAmountMicros(10_000_000)
                .setItems(List.of(
                        SubscriptionItemPart.newBuilder()
                                .setItemId("si_seat")
                                .setPriceId("price_seat")
                                .setUsageType("licensed")
                                .setQuantity(2)
                                .setUnitAmountMicros(5_000_000)
                                .setDescription("Seat")
                                .build(),
                        SubscriptionItemPart.newBuilder()
                                .setItemId(FLAT_ITEM_ID)
                                .setPriceId("price_calls")
                                .setUsageType("metered")
                                .setUnitAmountMicros(2_000)
                                .setMeterId("mtr_calls")
                                .setEventName("api_call")
                                .setAggregation("count")
                                .build(),
                        SubscriptionItemPart.newBuilder()
                                .setItemId(TIERED_ITEM_ID)
                                .setPriceId("price_storage")
                                .setUsageType("metered")
                                .setUnitAmountMicros(0)
                                .setTiers(List.of(
                                        new PriceTierPart(100L, 0L, 0L), new PriceTierPart(null, 50_000L, 1_000_000L)))
                                .setMeterId("mtr_storage")
                                .setEventName("storage_gb")
                                .setAggregation("max")
                                .setDescription("Storage")
                                .build()))
                .setMaxAmountPerPeriodMicros(50_000_000L);
        return SubscriptionCommand.newBuilder(create)
                .setPayload(payload.build())
                .build();
    }
}
