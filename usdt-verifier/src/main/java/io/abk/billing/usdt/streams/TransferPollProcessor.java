package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.usdt.streams.IntentTopology.Settings;
import java.time.Instant;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads {@code chain.transfers} and sends each USDT transfer of the verifier's chain to its recipient's book as a
 * poll ({@link ChainTransferPolls}), keyed by the address, in the task's exactly-once transaction: the transfer's
 * offset is committed with the poll, so a crash loses none and sends none twice. The poll's time is the record's,
 * when the indexer published the transfer as confirmed, so reading a backlog decides as it would have on time.
 */
final class TransferPollProcessor extends ContextualProcessor<String, ChainTransfer, String, UsdtAddressCommand> {

    private static final Logger log = LoggerFactory.getLogger(TransferPollProcessor.class);

    private final Settings settings;

    TransferPollProcessor(Settings settings) {
        this.settings = settings;
    }

    @Override
    public void process(Record<String, ChainTransfer> record) {
        var transfer = record.value();
        if (transfer == null) {
            return;
        }
        var poll = ChainTransferPolls.poll(transfer, Instant.ofEpochMilli(record.timestamp()), settings);
        if (poll.isEmpty()) {
            return;
        }
        var token = settings.token();
        if (token != null
                && transfer.getPayload() instanceof TokenTransfer paid
                && paid.getDecimals() != token.decimals()) {
            log.warn(
                    "event=transfer_decimals_differ key={} published={} configured={} message=\"amounts are read"
                            + " with BILLING_USDT_TOKEN_DECIMALS; check the chain's USDT_DECIMALS in chain-indexer\"",
                    record.key(),
                    paid.getDecimals(),
                    token.decimals());
        }
        log.info(
                "event=chain_transfer_polled key={} payToAddress={} commandId={}",
                record.key(),
                poll.get().getPayToAddress(),
                poll.get().getCommandId());
        context().forward(new Record<>(poll.get().getPayToAddress(), poll.get(), record.timestamp()));
    }
}
