package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtPollTransfers;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.usdt.domain.match.ObservedTransfer;
import io.abk.billing.usdt.domain.match.TxObservation;
import io.abk.billing.usdt.domain.match.TxStatus;
import io.abk.billing.usdt.streams.IntentTopology.Settings;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Maps a log on {@code chain.transfers} to the poll of its recipient's address book that it amounts to: a confirmed
 * (not retracted) {@code Transfer} of the verifier's own USDT on its own chain becomes the observation a
 * {@code POST /v1/payments/poll} would have read of it, so the book matches it against its open intents exactly as a
 * poll's, and every other log is none of the verifier's business.
 *
 * <p>The indexer published the log once its block was deeper than the chain's confirmation depth, so the
 * observation counts it as deep as the verifier requires (its confirmations are the verifier's required depth); the
 * deployment sets the follower's depth at least as deep (docs/operations.md). A retraction changes nothing: a
 * confirmed intent stays confirmed, as one confirmed by a poll does.
 */
final class ChainTransferPolls {

    private ChainTransferPolls() {}

    /**
     * The poll of the recipient's book for {@code transfer}, published at {@code publishedAt} (the command's time);
     * empty for a retraction, a vault event, or another chain's or token's transfer. The command id derives from the
     * log's {@code chainId:txHash:logIndex}, so one log makes one poll and its confirms have the same ids each time.
     */
    static Optional<UsdtAddressCommand> poll(ChainTransfer transfer, Instant publishedAt, Settings settings) {
        var token = settings.token();
        if (token == null
                || transfer.getRetracted()
                || transfer.getChainId() != settings.chainId()
                || !transfer.getContract().equalsIgnoreCase(token.address())
                || !(transfer.getPayload() instanceof TokenTransfer paid)) {
            return Optional.empty();
        }
        var payTo = paid.getTo().toLowerCase(Locale.ROOT);
        var txHash = transfer.getTxHash().toLowerCase(Locale.ROOT);
        // Base units over the verifier's own decimals: the token's truth as RPC reads see it, whatever the indexer
        // was told to label the record with.
        var observation = new TxObservation(
                txHash,
                TxStatus.MINED,
                transfer.getBlockNumber(),
                transfer.getBlockTimestamp(),
                settings.policy().match().requiredConfirmations(),
                token.decimals(),
                List.of(new ObservedTransfer(
                        transfer.getLogIndex(),
                        paid.getFrom().toLowerCase(Locale.ROOT),
                        payTo,
                        new BigInteger(paid.getAmountBaseUnits()))));
        var source = transfer.getChainId() + ":" + txHash + ":" + transfer.getLogIndex();
        var commandId = Ids.derivedId(IdPrefix.COMMAND, transfer.getBlockTimestamp(), "chain.transfers:" + source);
        var payload = UsdtPollTransfers.newBuilder()
                .setSandbox(false)
                .setFromBlock(transfer.getBlockNumber())
                .setToBlock(transfer.getBlockNumber())
                .setObservations(List.of(MatchRecords.observation(observation)))
                .build();
        return Optional.of(AddressBookRecords.envelope(commandId, payTo, publishedAt, null, payload));
    }
}
