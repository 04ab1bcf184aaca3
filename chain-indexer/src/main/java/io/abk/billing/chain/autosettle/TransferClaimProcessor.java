package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.ClaimHolder;
import io.abk.billing.chain.settlement.ClaimHolder.Address;
import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.ReverseCharge;
import io.abk.billing.schemas.avro.ReversePayment;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.TransferClaim;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.streamskit.store.StoreProcessor;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The claims of transaction hashes (the settlement's {@code tx-claims} store, shared) as auto-settlement uses them,
 * keyed by hash:
 * <ul>
 *   <li>a matched transfer claims its hash for its payment and pays it ({@code PayFromChain}, with the authorization
 *       nonce that named the payment, if one did) when granted: nobody
 *       held the hash, or that payment did already (a repeat). A hash held by something else pays nothing: one
 *       transaction pays at most one thing, whether it was seen or confirmed first.</li>
 *   <li>a retracted transfer or vault charge reopens what its hash paid: a payment ({@code ReversePayment}) or an
 *       invoice ({@code ReverseCharge}). The claim stays: if the same transaction is mined again on the new chain
 *       it may pay the same thing again, and nothing else.</li>
 * </ul>
 */
final class TransferClaimProcessor
        extends StoreProcessor<String, TransferClaim, String, SettlementOutput, KeyValueStore<String, String>> {

    private static final Logger log = LoggerFactory.getLogger(TransferClaimProcessor.class);

    TransferClaimProcessor(AutoSettlementNodes nodes) {
        super(nodes.txClaims());
    }

    @Override
    public void process(Record<String, TransferClaim> record) {
        var claim = record.value();
        if (claim == null) {
            return;
        }
        var txHash = record.key();
        var holder = ClaimHolder.parse(store().get(txHash));
        if (claim.getPaymentId() != null) {
            pay(txHash, holder, claim, record.timestamp());
        } else {
            reopen(txHash, holder, claim, record.timestamp());
        }
    }

    private void pay(String txHash, @Nullable ClaimHolder holder, TransferClaim claim, long timestamp) {
        var transfer = claim.getTransfer();
        var paymentId = claim.getPaymentId();
        var merchantId = claim.getMerchantId();
        if (holder != null && !holder.claimantId().equals(paymentId)) {
            log.warn(
                    "event=transfer_claim_refused reason=hash_already_used transferId={} paymentId={} holder={} "
                            + "txHash={}",
                    TransferRouting.transferId(transfer),
                    paymentId,
                    holder.claimantId(),
                    txHash);
            return;
        }
        if (holder == null) {
            store().put(
                            txHash,
                            ClaimHolder.of(paymentId, paymentId, merchantId, transfer.getMode())
                                    .stored());
        }
        var token = (TokenTransfer) transfer.getPayload();
        var command = ChainCommands.command(
                AggregateEnvelope.PAYMENT,
                transfer,
                "pay",
                new Address(paymentId, merchantId, transfer.getMode()),
                claim.getRequestedAt(),
                PayFromChain.newBuilder()
                        .setTransferId(TransferRouting.transferId(transfer))
                        .setTxHash(txHash)
                        .setFromAddress(ChangeIndexes.lower(token.getFrom()))
                        .setAmountReceivedMicros(claim.getAmountReceivedMicros())
                        .setAuthorizationNonce(token.getAuthorizationNonce())
                        .build());
        context().forward(new Record<>(paymentId, new SettlementOutput.PaymentResult(command), timestamp));
    }

    private void reopen(String txHash, @Nullable ClaimHolder holder, TransferClaim claim, long timestamp) {
        var transfer = claim.getTransfer();
        if (holder == null) {
            log.info(
                    "event=retraction_paid_nothing transferId={} txHash={}",
                    TransferRouting.transferId(transfer),
                    txHash);
            return;
        }
        var address = holder.address();
        if (address == null) {
            log.error(
                    "event=retraction_unaddressable action=none transferId={} holder={} txHash={} reason=\"the "
                            + "claim predates tenant-carrying claims; reopen by hand\"",
                    TransferRouting.transferId(transfer),
                    holder.claimantId(),
                    txHash);
            return;
        }
        // Retractions are decided at the moment they are published; the record's time is that moment.
        var at = Instant.ofEpochMilli(timestamp);
        var transferId = TransferRouting.transferId(transfer);
        log.warn(
                "event=transfer_retracted action=reopen transferId={} holder={} merchantId={} mode={} txHash={}",
                transferId,
                holder.claimantId(),
                address.merchantId(),
                address.mode(),
                txHash);
        SettlementOutput output = holder.claimantId().startsWith("pay_")
                ? new SettlementOutput.PaymentResult(ChainCommands.command(
                        AggregateEnvelope.PAYMENT,
                        transfer,
                        "reverse",
                        address,
                        at,
                        new ReversePayment(transferId, txHash)))
                : new SettlementOutput.SubscriptionResult(ChainCommands.command(
                        AggregateEnvelope.SUBSCRIPTION,
                        transfer,
                        "reverse",
                        address,
                        at,
                        new ReverseCharge(holder.claimantId(), txHash, transferId)));
        context().forward(new Record<>(address.aggregateId(), output, timestamp));
    }
}
