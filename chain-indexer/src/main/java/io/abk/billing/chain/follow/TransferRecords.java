package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.EventTopics;
import io.abk.billing.chain.domain.follow.SelectedLog;
import io.abk.billing.chain.domain.follow.SelectedLog.TokenTransferLog;
import io.abk.billing.chain.domain.follow.SelectedLog.VaultLog;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultEvent;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.avro.VaultRefunded;
import io.abk.billing.schemas.avro.VaultSubscribed;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.mode.ModeMapper;
import java.time.Instant;

/** Selected logs to {@code chain.transfers} values, decoded with the contracts' ABI; and their retractions. */
final class TransferRecords {

    /** The topics of the events the follower reads, from the contracts' ABI. */
    static final EventTopics TOPICS = new EventTopics(
            Erc20Abi.TRANSFER_TOPIC,
            SubscriptionVaultAbi.SUBSCRIBED_TOPIC,
            SubscriptionVaultAbi.CHARGED_TOPIC,
            SubscriptionVaultAbi.CANCELED_TOPIC,
            SubscriptionVaultAbi.REFUNDED_TOPIC,
            PermitTokenAbi.AUTHORIZATION_USED_TOPIC);

    private TransferRecords() {}

    static ChainTransfer of(long chainId, Mode mode, SelectedLog selected, long blockTimestampSeconds) {
        var log = selected.log();
        Object payload = switch (selected) {
            case TokenTransferLog token -> {
                var transfer = Erc20Abi.decodeTransfer(log.topics(), log.data())
                        .orElseThrow(() -> new IllegalStateException(
                                "selected Transfer log does not decode: " + log.key(chainId)));
                yield TokenTransfer.newBuilder()
                        .setFrom(token.from())
                        .setTo(token.to())
                        .setAmountBaseUnits(transfer.amount().toString())
                        .setDecimals(token.token().decimals())
                        .setSymbol(token.token().symbol())
                        .setViaVault(token.viaVault())
                        .setAuthorizationNonce(token.authorizationNonce())
                        .build();
            }
            case VaultLog vault ->
                vaultPayload(SubscriptionVaultAbi.decodeEvent(log.topics(), log.data())
                        .orElseThrow(() ->
                                new IllegalStateException("selected vault log does not decode: " + log.key(chainId))));
        };
        return ChainTransfer.newBuilder()
                .setChainId(chainId)
                .setMode(ModeMapper.toAvro(mode))
                .setBlockNumber(log.blockNumber())
                .setBlockHash(log.blockHash())
                .setBlockTimestamp(Instant.ofEpochSecond(blockTimestampSeconds))
                .setTxHash(log.txHash())
                .setLogIndex(log.logIndex())
                .setContract(log.address())
                .setRetracted(false)
                .setPayload(payload)
                .build();
    }

    /**
     * The same record, marked as no longer on the canonical chain: its payload as published (an authorization nonce
     * included), so readers undo exactly what they were told.
     */
    static ChainTransfer retraction(ChainTransfer published) {
        return ChainTransfer.newBuilder(published).setRetracted(true).build();
    }

    static String key(ChainTransfer transfer) {
        return transfer.getChainId() + ":" + transfer.getTxHash() + ":" + transfer.getLogIndex();
    }

    private static Object vaultPayload(VaultEvent event) {
        return switch (event) {
            case VaultEvent.Subscribed s ->
                VaultSubscribed.newBuilder()
                        .setRef(s.ref())
                        .setCustomer(s.customer())
                        .setMerchant(s.merchant())
                        .setToken(s.token())
                        .setAmountBaseUnits(s.amount().toString())
                        .setPeriodMonths(s.periodMonths())
                        .setFirstChargeAt(s.firstChargeAt())
                        .build();
            case VaultEvent.Charged c ->
                VaultCharged.newBuilder()
                        .setRef(c.ref())
                        .setPeriodIndex(c.periodIndex())
                        .setAmountBaseUnits(c.amount().toString())
                        .setChargeId(c.chargeId())
                        .build();
            case VaultEvent.Canceled c ->
                VaultCanceled.newBuilder().setRef(c.ref()).setBy(c.by()).build();
            case VaultEvent.Refunded r ->
                VaultRefunded.newBuilder()
                        .setRef(r.ref())
                        .setAmountBaseUnits(r.amount().toString())
                        .setRefundId(r.refundId())
                        .build();
            // A refused charge of a batch changes nothing on chain; the follower's filter leaves its log out.
            case VaultEvent.ChargeFailed f ->
                throw new IllegalArgumentException("ChargeFailed is not among the followed vault events");
        };
    }
}
