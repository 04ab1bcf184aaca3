package io.abk.billing.usdt.domain.addressbook;

import io.abk.billing.usdt.domain.match.TxObservation;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** What an address's book can be asked to do. */
public sealed interface AddressBookCommand {

    String payToAddress();

    /** An intent to this address was created. */
    record Add(String payToAddress, OpenIntent intent) implements AddressBookCommand {}

    /** The intent is no longer open: confirmed by {@code txHash}, or expired (null). */
    record Remove(
            String payToAddress, String intentId, @Nullable String txHash) implements AddressBookCommand {}

    /**
     * Match these transactions that paid the address (in sandbox mode: none read, every open intent is paid by a
     * simulated exact transfer). The confirms a poll issues are numbered by its {@code commandId}.
     */
    record Poll(
            String payToAddress,
            String commandId,
            Instant requestedAt,
            List<TxObservation> observations,
            boolean sandbox)
            implements AddressBookCommand {
        public Poll {
            observations = List.copyOf(observations);
        }
    }
}
