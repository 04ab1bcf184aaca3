package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtAddressBook;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtIndexOpenIntent;
import io.abk.billing.schemas.avro.UsdtOpenIntent;
import io.abk.billing.schemas.avro.UsdtPollTransfers;
import io.abk.billing.schemas.avro.UsdtRemoveOpenIntent;
import io.abk.billing.schemas.avro.UsdtTxOffer;
import io.abk.billing.usdt.domain.addressbook.AddressBook;
import io.abk.billing.usdt.domain.addressbook.AddressBookCommand;
import io.abk.billing.usdt.domain.addressbook.OpenIntent;
import io.abk.billing.usdt.domain.addressbook.TxOffer;
import io.abk.billing.usdt.domain.intent.IntentDetails;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Maps address-book commands and books between the domain and their Avro records. */
public final class AddressBookRecords {

    private AddressBookRecords() {}

    public static AddressBookCommand command(UsdtAddressCommand envelope) {
        var address = envelope.getPayToAddress();
        return switch (envelope.getPayload()) {
            case UsdtIndexOpenIntent add -> new AddressBookCommand.Add(address, openIntent(add.getIntent()));
            case UsdtRemoveOpenIntent remove ->
                new AddressBookCommand.Remove(address, remove.getIntentId(), remove.getTxHash());
            case UsdtPollTransfers poll ->
                new AddressBookCommand.Poll(
                        address,
                        envelope.getCommandId(),
                        envelope.getRequestedAt(),
                        poll.getObservations().stream()
                                .map(MatchRecords::observation)
                                .toList(),
                        poll.getSandbox());
            default ->
                throw new IllegalArgumentException("unknown address command payload "
                        + envelope.getPayload().getClass().getName() + " in command " + envelope.getCommandId());
        };
    }

    /** An intent joins its address's book. */
    static UsdtAddressCommand add(String commandId, Instant at, IntentDetails details) {
        var open = UsdtOpenIntent.newBuilder()
                .setIntentId(details.id())
                .setAmountMicros(details.terms().amount().micros())
                .setMatchStrategy(details.terms().strategy().wire())
                .setCreatedAt(details.createdAt())
                .setExpiresAt(details.expiresAt())
                .build();
        return envelope(commandId, details.terms().payToAddress(), at, null, new UsdtIndexOpenIntent(open));
    }

    /** An intent leaves its address's book: confirmed by {@code txHash}, or expired (null). */
    static UsdtAddressCommand remove(String commandId, Instant at, IntentDetails details, @Nullable String txHash) {
        return envelope(
                commandId, details.terms().payToAddress(), at, null, new UsdtRemoveOpenIntent(details.id(), txHash));
    }

    public static UsdtAddressCommand envelope(
            String commandId, String payToAddress, Instant at, @Nullable String requestId, Object payload) {
        return UsdtAddressCommand.newBuilder()
                .setCommandId(commandId)
                .setPayToAddress(payToAddress)
                .setRequestedAt(at)
                .setRequestId(requestId)
                .setPayload(payload)
                .build();
    }

    static AddressBook book(String payToAddress, @Nullable UsdtAddressBook stored) {
        if (stored == null) {
            return AddressBook.empty(payToAddress);
        }
        return new AddressBook(
                stored.getPayToAddress(),
                stored.getOpenIntents().stream()
                        .map(AddressBookRecords::openIntent)
                        .toList(),
                List.copyOf(stored.getUsedTxHashes()),
                stored.getOffers().stream()
                        .map(offer -> new TxOffer(offer.getIntentId(), offer.getTxHash()))
                        .toList());
    }

    static UsdtAddressBook book(AddressBook book) {
        return UsdtAddressBook.newBuilder()
                .setPayToAddress(book.payToAddress())
                .setOpenIntents(book.openIntents().stream()
                        .map(open -> UsdtOpenIntent.newBuilder()
                                .setIntentId(open.intentId())
                                .setAmountMicros(open.amount().micros())
                                .setMatchStrategy(open.strategy().wire())
                                .setCreatedAt(open.createdAt())
                                .setExpiresAt(open.expiresAt())
                                .build())
                        .toList())
                .setUsedTxHashes(book.usedTxHashes())
                .setOffers(book.offers().stream()
                        .map(offer -> new UsdtTxOffer(offer.intentId(), offer.txHash()))
                        .toList())
                .build();
    }

    private static OpenIntent openIntent(UsdtOpenIntent open) {
        return new OpenIntent(
                open.getIntentId(),
                UsdtAmount.ofMicros(open.getAmountMicros()),
                MatchRecords.strategy(open.getMatchStrategy()),
                open.getCreatedAt(),
                open.getExpiresAt());
    }
}
