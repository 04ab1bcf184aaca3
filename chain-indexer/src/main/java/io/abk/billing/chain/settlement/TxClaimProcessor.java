package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.verification.TxClaims;
import io.abk.billing.chain.domain.verification.VerificationOutcome.PaidIfUnclaimed;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.streamskit.store.StoreProcessor;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Holds the claims of transaction hashes ({@code tx-claims}: lower-case hash -> the payment or invoice it paid, as a
 * {@link ClaimHolder})
 * behind the repartition by hash, so every claim of one hash meets the same task, one after the other, whichever
 * partition its request came from. The first claimant keeps the hash for good; the same claimant is granted
 * again (a replay).
 *
 * <p>Records arrive keyed by the hash with the request that claims it. A verification naming that hash is
 * answered here: paid with the request's amount when granted, else {@code PAYMENT_TX_ALREADY_USED}. Any other
 * request (a paid charge, a hash-less sandbox payment) was answered before and only records its claim; if another
 * holds the hash already, the holder keeps it and a warning is logged.
 */
public final class TxClaimProcessor
        extends StoreProcessor<String, ChainRequest, String, PaymentCommand, KeyValueStore<String, String>> {

    public TxClaimProcessor(SettlementNodes nodes) {
        super(nodes.txClaimsStore());
    }

    @Override
    public void process(Record<String, ChainRequest> record) {
        var claims = store();
        var txHash = record.key();
        var request = record.value();
        var claimant = RequestMapper.claimant(request);
        var held = ClaimHolder.parse(claims.get(txHash));
        var holder = held == null ? null : held.claimantId();
        if (held == null) {
            claims.put(txHash, RequestMapper.claimHolder(request).stored());
        }
        if (RequestMapper.awaitsClaim(request)) {
            // A transfer verified on chain carries the amount it was seen with; in the sandbox exactly the payment's.
            var received =
                    request.getClaimAmountMicros() != null ? request.getClaimAmountMicros() : request.getAmountMicros();
            var answer = TxClaims.settle(new PaidIfUnclaimed(txHash, received), holder, claimant);
            SettlementLog.claimed(request, txHash, holder, answer);
            var command = PaymentResultMapper.toCommand(request, answer);
            context().forward(new Record<>(command.getPaymentId(), command, record.timestamp()));
        } else if (holder != null && !TxClaims.grants(holder, claimant)) {
            SettlementLog.claimConflict(request, txHash, claimant, holder);
        }
    }
}
