package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtAddressBook;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import io.abk.billing.streamskit.store.StoreProcessor;
import io.abk.billing.usdt.domain.addressbook.AddressBook;
import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Poll;
import io.abk.billing.usdt.domain.addressbook.AddressBookDecider;
import io.abk.billing.usdt.domain.addressbook.PollMatch;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.streams.IntentTopology.Settings;
import java.time.Instant;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of the address books (store {@code usdt-address-books}, keyed by pay-to address): applies the
 * intents' additions and removals, and answers a poll with a confirm for each intent a transaction pays
 * ({@link AddressBookDecider}), sent to the intents on usdt.intent-commands, and an outcome naming those confirms so
 * the waiting request can wait for them. With a chain, it is also the single writer of usdt.watched-addresses: a book
 * that gets its first open intent has its address watched (with the verifier's chain id and token), and one that
 * loses its last has it tombstoned, in the same transaction as the book. A book left empty (every intent expired,
 * none ever paid) is deleted; one that remembers used hashes is kept.
 */
final class AddressBookProcessor
        extends StoreProcessor<
                String, UsdtAddressCommand, String, AddressOutputs, KeyValueStore<String, UsdtAddressBook>> {

    private static final Logger log = LoggerFactory.getLogger(AddressBookProcessor.class);

    private final Settings settings;

    AddressBookProcessor(Settings settings) {
        super(IntentTopology.ADDRESS_BOOKS_STORE);
        this.settings = settings;
    }

    @Override
    public void process(Record<String, UsdtAddressCommand> record) {
        var books = store();
        var envelope = record.value();
        if (envelope == null || !envelope.getPayToAddress().equals(record.key())) {
            throw new IllegalArgumentException("an address command must be keyed by its address: key=" + record.key()
                    + " command=" + (envelope == null ? null : envelope.getCommandId()));
        }
        var command = AddressBookRecords.command(envelope);
        var stored = books.get(record.key());
        var book = AddressBookRecords.book(record.key(), stored);
        var decision =
                AddressBookDecider.decide(book, command, settings.policy().match());
        if (decision.book().equals(AddressBook.empty(record.key()))) {
            // Nothing to remember (no open intent, offer or used hash): as good as absent, so not kept.
            if (stored != null) {
                books.delete(record.key());
            }
        } else if (!decision.book().equals(book)) {
            books.put(record.key(), AddressBookRecords.book(decision.book()));
        }
        var outputs = new AddressOutputs();
        watch(record.key(), book, decision.book(), envelope.getRequestedAt(), outputs);
        if (command instanceof Poll poll) {
            for (var match : decision.matches()) {
                outputs.confirms()
                        .add(KeyValue.pair(
                                match.intentId(),
                                IntentRecords.envelope(confirm(poll, match), envelope.getRequestId())));
            }
            outputs.outcomes()
                    .add(KeyValue.pair(
                            record.key(),
                            UsdtCommandOutcome.newBuilder()
                                    .setCommandId(poll.commandId())
                                    .setAccepted(true)
                                    .setIntent(null)
                                    .setEventBody(null)
                                    .setRejection(null)
                                    .setMatch(null)
                                    .setFollowUps(decision.matches().stream()
                                            .map(PollMatch::commandId)
                                            .toList())
                                    .build()));
            log.info(
                    "event=address_polled payToAddress={} commandId={} transactions={} matched={}",
                    record.key(),
                    poll.commandId(),
                    poll.observations().size(),
                    decision.matches().size());
        }
        if (!outputs.isEmpty()) {
            context().forward(record.withValue(outputs));
        }
    }

    /** The address watched when its book gets its first open intent, tombstoned when it loses its last. */
    private void watch(String address, AddressBook before, AddressBook after, Instant at, AddressOutputs outputs) {
        var token = settings.token();
        if (token == null
                || before.openIntents().isEmpty() == after.openIntents().isEmpty()) {
            return;
        }
        if (after.openIntents().isEmpty()) {
            outputs.watches().add(KeyValue.pair(address, null));
            log.info("event=address_unwatched payToAddress={}", address);
            return;
        }
        outputs.watches()
                .add(KeyValue.pair(
                        address,
                        UsdtWatchedAddress.newBuilder()
                                .setAddress(address)
                                .setChainId(settings.chainId())
                                .setTokenAddress(token.address())
                                .setSince(at)
                                .build()));
        log.info("event=address_watched payToAddress={} chainId={}", address, settings.chainId());
    }

    private static IntentCommand.Confirm confirm(Poll poll, PollMatch match) {
        return new IntentCommand.Confirm(match.intentId(), match.commandId(), poll.requestedAt(), match.evidence());
    }
}
