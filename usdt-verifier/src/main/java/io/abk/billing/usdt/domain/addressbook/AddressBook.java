package io.abk.billing.usdt.domain.addressbook;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The open intents to one pay-to address, oldest first, and the latest transactions that confirmed one of its
 * intents (so a poll does not offer a transaction that is already used to another intent).
 */
public record AddressBook(String payToAddress, List<OpenIntent> openIntents, List<String> usedTxHashes) {

    /**
     * How many used hashes a book remembers: a poll scans a bounded range of recent blocks, and an address is not
     * paid a thousand times within one range; a hash forgotten earlier is still refused by its claim.
     */
    static final int USED_HASHES_KEPT = 1_000;

    public AddressBook {
        openIntents = List.copyOf(openIntents);
        usedTxHashes = List.copyOf(usedTxHashes);
    }

    public static AddressBook empty(String payToAddress) {
        return new AddressBook(payToAddress, List.of(), List.of());
    }

    AddressBook with(OpenIntent intent) {
        var open = new ArrayList<>(openIntents.stream().filter(i -> !i.intentId().equals(intent.intentId())).toList());
        open.add(intent);
        open.sort(AddressBookDecider.OLDEST_FIRST);
        return new AddressBook(payToAddress, open, usedTxHashes);
    }

    AddressBook without(String intentId, @Nullable String usedTxHash) {
        var open = openIntents.stream().filter(i -> !i.intentId().equals(intentId)).toList();
        var used = new ArrayList<>(usedTxHashes);
        if (usedTxHash != null && !used.contains(usedTxHash)) {
            used.add(usedTxHash);
            if (used.size() > USED_HASHES_KEPT) {
                used.subList(0, used.size() - USED_HASHES_KEPT).clear();
            }
        }
        return new AddressBook(payToAddress, open, used);
    }
}
