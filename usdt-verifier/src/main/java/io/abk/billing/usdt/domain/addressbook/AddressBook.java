package io.abk.billing.usdt.domain.addressbook;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The open intents to one pay-to address, oldest first; the latest transactions that confirmed one of its intents
 * (so a poll does not offer a transaction that is already used to another intent); and the transactions offered to
 * an intent whose answer has not come back ({@link TxOffer}).
 */
public record AddressBook(
        String payToAddress, List<OpenIntent> openIntents, List<String> usedTxHashes, List<TxOffer> offers) {

    /**
     * How many used hashes a book remembers: a poll scans a bounded range of recent blocks, and an address is not
     * paid a thousand times within one range; a hash forgotten earlier is still refused by its claim.
     */
    static final int USED_HASHES_KEPT = 1_000;

    public AddressBook {
        openIntents = List.copyOf(openIntents);
        usedTxHashes = List.copyOf(usedTxHashes);
        offers = List.copyOf(offers);
    }

    public static AddressBook empty(String payToAddress) {
        return new AddressBook(payToAddress, List.of(), List.of(), List.of());
    }

    /**
     * The intent is open and free: created, or reopened after its claim was refused (then its offer, if any, is over;
     * the transaction is not marked used, since the refused claim may have been of another one).
     */
    AddressBook with(OpenIntent intent) {
        var open = new ArrayList<>(openIntents.stream()
                .filter(i -> !i.intentId().equals(intent.intentId()))
                .toList());
        open.add(intent);
        open.sort(AddressBookDecider.OLDEST_FIRST);
        return new AddressBook(payToAddress, open, usedTxHashes, offersWithout(intent.intentId()));
    }

    /** The intent left: confirmed by {@code usedTxHash}, or expired (null). Its offer, if any, is over. */
    AddressBook without(String intentId, @Nullable String usedTxHash) {
        var open =
                openIntents.stream().filter(i -> !i.intentId().equals(intentId)).toList();
        var used = new ArrayList<>(usedTxHashes);
        if (usedTxHash != null && !used.contains(usedTxHash)) {
            used.add(usedTxHash);
            if (used.size() > USED_HASHES_KEPT) {
                used.subList(0, used.size() - USED_HASHES_KEPT).clear();
            }
        }
        return new AddressBook(payToAddress, open, used, offersWithout(intentId));
    }

    /** {@code offered}, made by a poll, added to the offers. */
    AddressBook offering(List<TxOffer> offered) {
        var all = new ArrayList<>(offers);
        all.addAll(offered);
        return new AddressBook(payToAddress, openIntents, usedTxHashes, all);
    }

    private List<TxOffer> offersWithout(String intentId) {
        return offers.stream()
                .filter(offer -> !offer.intentId().equals(intentId))
                .toList();
    }
}
