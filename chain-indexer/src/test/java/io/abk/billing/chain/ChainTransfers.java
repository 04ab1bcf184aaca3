package io.abk.billing.chain;

import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.avro.VaultSubscribed;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Logs as the chain follower publishes them, and changes as billing-streams writes them, for auto-settlement. */
public final class ChainTransfers {

    public static final long CHAIN_ID = 31337;
    public static final Instant BLOCK_TIME = Instant.parse("2026-05-01T10:00:00Z");
    public static final Instant CREATED_AT = Instant.parse("2026-05-01T09:00:00Z");
    public static final String USDC = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    public static final String VAULT = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
    public static final String CUSTOMER = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    public static final String PAYOUT = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
    public static final String MERCHANT = ChainRequests.MERCHANT;

    private ChainTransfers() {}

    public static ChainTransfer transfer(String txHash, String from, String to, long micros, boolean retracted) {
        return log(
                txHash, 0, USDC, retracted, new TokenTransfer(from, to, Long.toString(micros), 6, "USDC", false, null));
    }

    /**
     * A USDC transfer an EIP-3009 authorization with {@code nonce} moved (log 1: the token's AuthorizationUsed is log 0
     * of the same transaction).
     */
    public static ChainTransfer authorizedTransfer(String txHash, String from, String to, long micros, String nonce) {
        return log(txHash, 1, USDC, false, new TokenTransfer(from, to, Long.toString(micros), 6, "USDC", false, nonce));
    }

    /** The USDC transfer of a vault charge (log 0; the vault's {@code Charged} follows as log 1 of the same hash). */
    public static ChainTransfer vaultTransfer(String txHash, String from, String to, long micros) {
        return log(txHash, 0, USDC, false, new TokenTransfer(from, to, Long.toString(micros), 6, "USDC", true, null));
    }

    public static ChainTransfer subscribed(String txHash, String ref, String merchant, long micros, int periodMonths) {
        return log(
                txHash,
                1,
                VAULT,
                false,
                new VaultSubscribed(ref, CUSTOMER, merchant, USDC, Long.toString(micros), periodMonths, CREATED_AT));
    }

    public static ChainTransfer canceled(String txHash, String ref, String by) {
        return log(txHash, 0, VAULT, false, new VaultCanceled(ref, by));
    }

    public static ChainTransfer charged(String txHash, String ref, boolean retracted) {
        return log(txHash, 1, VAULT, retracted, new VaultCharged(ref, 0L, "9990000", "0x" + "cd".repeat(32)));
    }

    public static ChainTransfer retracted(ChainTransfer published) {
        return ChainTransfer.newBuilder(published).setRetracted(true).build();
    }

    public static String key(ChainTransfer transfer) {
        return transfer.getChainId() + ":" + transfer.getTxHash() + ":" + transfer.getLogIndex();
    }

    private static ChainTransfer log(String txHash, int logIndex, String contract, boolean retracted, Object payload) {
        return ChainTransfer.newBuilder()
                .setChainId(CHAIN_ID)
                .setMode(Mode.TEST)
                .setBlockNumber(42)
                .setBlockHash("0x" + "b1".repeat(32))
                .setBlockTimestamp(BLOCK_TIME)
                .setTxHash(txHash)
                .setLogIndex(logIndex)
                .setContract(contract)
                .setRetracted(retracted)
                .setPayload(payload)
                .build();
    }

    public static Change paymentChange(
            String paymentId, String status, long micros, @Nullable String wallet, Mode mode) {
        var payment = PaymentSnapshot.newBuilder()
                .setId(paymentId)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setVersion(1)
                .setStatus(status)
                .setAmountMicros(micros)
                .setCustomerWallet(wallet)
                .setPayoutAddress(PAYOUT.toUpperCase().replace("0X", "0x"))
                .setMerchantRef("order-1")
                .setCheckoutUrl("http://localhost/checkout/pay/" + paymentId)
                .setExpiresAt(CREATED_AT.plus(Duration.ofDays(1)))
                .setCreatedAt(CREATED_AT)
                .build();
        return change(paymentId, "payment", mode, payment);
    }

    public static Change subscriptionChange(
            String subscriptionId, String status, String mandateStatus, long micros, String interval) {
        var subscription = SubscriptionSnapshot.newBuilder()
                .setId(subscriptionId)
                .setMerchantId(MERCHANT)
                .setMode(Mode.TEST)
                .setVersion(1)
                .setStatus(status)
                .setAmountMicros(micros)
                .setInterval(interval)
                .setWalletAddress(CUSTOMER)
                .setPayoutAddress(PAYOUT)
                .setMerchantRef("customer-1")
                .setCurrentPeriodStart(CREATED_AT)
                .setCurrentPeriodEnd(CREATED_AT.plus(Duration.ofDays(31)))
                .setBillingCycleAnchor(CREATED_AT)
                .setCancelAtPeriodEnd(false)
                .setMandateStatus(mandateStatus)
                .setCreatedAt(CREATED_AT)
                .build();
        return change(subscriptionId, "subscription", Mode.TEST, subscription);
    }

    private static Change change(String aggregateId, String type, Mode mode, Object snapshot) {
        return Change.newBuilder()
                .setCommandId("cmd_" + aggregateId)
                .setAggregateType(type)
                .setAggregateId(aggregateId)
                .setMerchantId(MERCHANT)
                .setMode(mode)
                .setRequestedAt(CREATED_AT)
                .setOutcome(Outcome.ACCEPTED)
                .setRejection(null)
                .setSnapshots(List.of(snapshot))
                .setEventIds(List.of())
                .setFollowUpCommandId(null)
                .build();
    }
}
