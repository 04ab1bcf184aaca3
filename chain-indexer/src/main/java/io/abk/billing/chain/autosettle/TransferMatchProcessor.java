package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.domain.autosettle.OpenPayment;
import io.abk.billing.chain.domain.autosettle.PaymentMatch;
import io.abk.billing.chain.domain.autosettle.PaymentMatcher;
import io.abk.billing.chain.domain.autosettle.SeenTransfer;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.PayoutPayment;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.TransferClaim;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streamskit.store.StoreProcessor;
import java.util.ArrayList;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Matches a confirmed transfer, keyed by its mode and recipient, against the open payments of that payout address
 * ({@link PaymentMatcher}): by its authorization nonce when an EIP-3009 authorization moved it, else by amount and
 * sender. Exactly one match goes on to the claims of the transaction hash, keyed by the hash: it
 * pays only if the hash paid nothing else. An ambiguous transfer pays nothing and is logged; the customer's confirm
 * with the hash decides.
 */
final class TransferMatchProcessor
        extends StoreProcessor<String, ChainTransfer, String, TransferClaim, KeyValueStore<String, PayoutPayment>> {

    private static final Logger log = LoggerFactory.getLogger(TransferMatchProcessor.class);

    TransferMatchProcessor(AutoSettlementNodes nodes) {
        super(nodes.paymentsByPayout());
    }

    @Override
    public void process(Record<String, ChainTransfer> record) {
        var transfer = record.value();
        if (transfer == null || !(transfer.getPayload() instanceof TokenTransfer token)) {
            return;
        }
        var seen = new SeenTransfer(
                TransferRouting.transferId(transfer),
                ModeMapper.toDomain(transfer.getMode()),
                transfer.getTxHash(),
                ChangeIndexes.lower(token.getFrom()),
                ChangeIndexes.lower(token.getTo()),
                TransferRouting.micros(token),
                transfer.getBlockTimestamp(),
                token.getAuthorizationNonce() == null ? null : ChangeIndexes.lower(token.getAuthorizationNonce()));
        var candidates = new ArrayList<OpenPayment>();
        try (var entries = store().prefixScan(record.key() + "|", new StringSerializer())) {
            entries.forEachRemaining(entry -> candidates.add(openPayment(entry.value)));
        }
        switch (PaymentMatcher.match(seen, candidates)) {
            case PaymentMatch.Pays pays -> {
                var payment = pays.payment();
                log.info(
                        "event=transfer_matched transferId={} paymentId={} merchantId={} mode={} amountMicros={} "
                                + "by={}",
                        seen.transferId(),
                        payment.paymentId(),
                        payment.merchantId(),
                        seen.mode().label(),
                        seen.amountMicros(),
                        seen.authorizationNonce() == null ? "amount_and_sender" : "authorization_nonce");
                context()
                        .forward(new Record<>(
                                transfer.getTxHash(),
                                TransferClaim.newBuilder()
                                        .setTransfer(transfer)
                                        .setPaymentId(payment.paymentId())
                                        .setMerchantId(payment.merchantId())
                                        .setAmountReceivedMicros(seen.amountMicros())
                                        .setRequestedAt(ChainCommands.requestedAt(
                                                transfer.getMode(), transfer.getBlockTimestamp(), payment.createdAt()))
                                        .build(),
                                record.timestamp()));
            }
            case PaymentMatch.Ambiguous ambiguous ->
                log.info(
                        "event=transfer_ambiguous action=wait_for_confirm " + "transferId={} mode={} candidates={}",
                        seen.transferId(),
                        seen.mode().label(),
                        ambiguous.paymentIds());
            case PaymentMatch.None none
            when seen.authorizationNonce() != null ->
                // The customer signed for one payment: it is paid, canceled, or not this payout's. Nothing else is.
                log.info(
                        "event=transfer_unmatched reason=no_payment_for_nonce transferId={} mode={} nonce={} "
                                + "candidates={}",
                        seen.transferId(),
                        seen.mode().label(),
                        seen.authorizationNonce(),
                        candidates.size());
            case PaymentMatch.None none ->
                log.debug("event=transfer_unmatched transferId={} candidates={}", seen.transferId(), candidates.size());
        }
    }

    private static OpenPayment openPayment(PayoutPayment payment) {
        return new OpenPayment(
                payment.getPaymentId(),
                payment.getMerchantId(),
                ModeMapper.toDomain(payment.getMode()),
                payment.getPayoutAddress(),
                payment.getAmountMicros(),
                payment.getCustomerWallet(),
                payment.getCreatedAt());
    }
}
