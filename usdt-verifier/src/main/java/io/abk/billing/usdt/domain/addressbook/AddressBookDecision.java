package io.abk.billing.usdt.domain.addressbook;

import java.util.List;

/** The book after a command, and the confirms a poll issues (none for the other commands). */
public record AddressBookDecision(AddressBook book, List<PollMatch> matches) {

    public AddressBookDecision {
        matches = List.copyOf(matches);
    }
}
