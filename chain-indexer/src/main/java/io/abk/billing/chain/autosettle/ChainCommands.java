package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.ClaimHolder.Address;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;

/**
 * The commands auto-settlement sends to the billing aggregates. Each id derives from the log and the block it was
 * seen in (and whether it is the retraction), so a repeat is applied once while the same log mined again in
 * another block after a reorg is a new command.
 */
final class ChainCommands {

    private ChainCommands() {}

    static String commandId(ChainTransfer transfer, String action) {
        var seed = "chain:" + action + ":" + TransferRouting.transferId(transfer) + ":" + transfer.getBlockHash()
                + (transfer.getRetracted() ? ":retracted" : "");
        return Ids.derivedId(IdPrefix.COMMAND, transfer.getBlockTimestamp(), seed);
    }

    /** The command {@code payload} to the aggregate {@code to}, with the id of {@code action} on {@code transfer}. */
    static <C> C command(
            AggregateEnvelope<C> envelope,
            ChainTransfer transfer,
            String action,
            Address to,
            Instant requestedAt,
            Object payload) {
        return envelope.command(
                commandId(transfer, action), to.aggregateId(), to.merchantId(), to.mode(), requestedAt, null, payload);
    }

    /** Live mode: the block's time. Test mode: never before {@code since}, which a test clock may put ahead. */
    static Instant requestedAt(Mode mode, Instant blockTimestamp, Instant since) {
        return mode == Mode.TEST && since.isAfter(blockTimestamp) ? since : blockTimestamp;
    }
}
