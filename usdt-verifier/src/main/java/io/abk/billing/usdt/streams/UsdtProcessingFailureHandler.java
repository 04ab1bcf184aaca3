package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtIdempotencyCommand;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import io.abk.billing.streamskit.errors.LogAndSkipProcessingHandler;
import org.jspecify.annotations.Nullable;

/**
 * A processor of the intents' topology threw: a bug, never a business outcome (those are rejections in the
 * outcome). Logged at ERROR with the command's ids and skipped, so one poison record cannot stop its partition; the
 * request that waits for it answers 503 processing_timeout.
 */
public final class UsdtProcessingFailureHandler extends LogAndSkipProcessingHandler {

    @Override
    protected String describe(@Nullable Object value) {
        return switch (value) {
            case UsdtIntentCommand command ->
                "commandId=" + command.getCommandId() + " intentId=" + command.getIntentId();
            case UsdtAddressCommand command ->
                "commandId=" + command.getCommandId() + " payToAddress=" + command.getPayToAddress();
            case UsdtTxClaim claim -> "txHash=" + claim.getTxHash() + " intentId=" + claim.getIntentId();
            case UsdtIdempotencyCommand command -> "commandId=" + command.getCommandId();
            case ChainTransfer transfer ->
                "chainTransfer=" + transfer.getChainId() + ":" + transfer.getTxHash() + ":" + transfer.getLogIndex();
            case null, default -> "";
        };
    }
}
