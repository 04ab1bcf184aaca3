package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import io.abk.billing.streamskit.store.StoreProcessor;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.intent.TxHashClaims;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the claims of transaction hashes (store {@code usdt-tx-claims}: lower-case hash -> the intent it confirmed)
 * behind the repartition by hash, so every claim of one hash meets this one task, one after the other, from
 * whichever intent's partition it came. The first claimant keeps the hash for good; the same claimant is granted
 * again (a replay). Each claim is answered to its intent on usdt.intent-commands, with the claim's own time, so a
 * reprocessed claim sends the same answer.
 */
final class TxHashClaimProcessor
        extends StoreProcessor<String, UsdtTxClaim, String, UsdtIntentCommand, KeyValueStore<String, String>> {

    private static final Logger log = LoggerFactory.getLogger(TxHashClaimProcessor.class);

    TxHashClaimProcessor() {
        super(IntentTopology.TX_CLAIMS_STORE);
    }

    @Override
    public void process(Record<String, UsdtTxClaim> record) {
        var claims = store();
        var claim = record.value();
        var holder = claims.get(claim.getTxHash());
        if (holder == null) {
            claims.put(claim.getTxHash(), claim.getIntentId());
        }
        var granted = TxHashClaims.grants(holder, claim.getIntentId());
        if (!granted) {
            // Never names the holder's intent to the claimant's caller; the log is for operators.
            log.info(
                    "event=tx_claim_refused txHash={} intentId={} heldBy={}",
                    claim.getTxHash(),
                    claim.getIntentId(),
                    holder);
        }
        var answer = IntentRecords.envelope(
                new IntentCommand.AnswerClaim(
                        claim.getIntentId(),
                        claim.getResultCommandId(),
                        claim.getRequestedAt(),
                        claim.getTxHash(),
                        granted),
                null);
        context().forward(new Record<>(claim.getIntentId(), answer, record.timestamp()));
    }
}
