package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtIntentAggregate;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import io.abk.billing.streamskit.store.StoreProcessor;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.intent.IntentDecider;
import io.abk.billing.usdt.domain.intent.IntentDecision;
import io.abk.billing.usdt.domain.intent.IntentDecision.Accepted;
import io.abk.billing.usdt.domain.intent.IntentDecision.Rejected;
import io.abk.billing.usdt.domain.intent.IntentEvent;
import io.abk.billing.usdt.domain.intent.IntentEvent.ClaimRequested;
import io.abk.billing.usdt.domain.intent.IntentEvent.IntentConfirmed;
import io.abk.billing.usdt.domain.intent.IntentEvent.IntentCreated;
import io.abk.billing.usdt.domain.intent.IntentEvent.IntentExpired;
import io.abk.billing.usdt.domain.intent.IntentEvent.Published;
import io.abk.billing.usdt.domain.intent.IntentEvent.TestPaymentConfirmed;
import io.abk.billing.usdt.domain.intent.IntentState;
import io.abk.billing.usdt.domain.intent.IntentState.Absent;
import io.abk.billing.usdt.domain.intent.IntentState.Confirmed;
import io.abk.billing.usdt.domain.intent.IntentState.Existing;
import io.abk.billing.usdt.domain.intent.IntentState.Expired;
import io.abk.billing.usdt.domain.intent.IntentState.Open;
import io.abk.billing.usdt.domain.match.MatchReport;
import io.abk.billing.usdt.streams.IntentTopology.Settings;
import io.micrometer.core.instrument.Metrics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of the intents (store {@code usdt-intents}, keyed by intent id): for each command, load the
 * intent, let {@link IntentDecider} decide, store the new state and forward, in the task's exactly-once transaction,
 * one outcome for the waiting request, the payment.confirmed event of a confirmation, the claim of a matching
 * transaction's hash, and the intent's changes to its address's book (added when created, again when a refused claim
 * reopens it; removed when confirmed or expired). A wall-clock punctuation expires the open intents that are due
 * and deletes the expired ones {@link IntentExpiries#FORGET_AFTER} later ({@link IntentExpiries}).
 * A confirmed intent is kept: it answers every later confirm with its first confirmation, and since an intent
 * created from a transaction's fields has an id derived from the transaction, forgetting it would let the same
 * request create it again, be granted its own hash again and publish a second payment.confirmed.
 */
final class IntentProcessor
        extends StoreProcessor<
                String, UsdtIntentCommand, String, IntentOutputs, KeyValueStore<String, UsdtIntentAggregate>> {

    private static final Logger log = LoggerFactory.getLogger(IntentProcessor.class);
    /** How often due expiries are looked for; an intent expires at most this much after its time. */
    static final Duration EXPIRY_SWEEP = Duration.ofSeconds(1);
    /** Expiries applied per sweep, so one sweep never holds the task for long. */
    static final int EXPIRY_BATCH = 1_000;

    private final Settings settings;
    private final PaymentConfirmedEvents events;
    private @Nullable IntentExpiries expiries;

    IntentProcessor(Settings settings) {
        super(IntentTopology.INTENTS_STORE);
        this.settings = settings;
        this.events = new PaymentConfirmedEvents(settings.chainId());
    }

    @Override
    public void init(ProcessorContext<String, IntentOutputs> context) {
        super.init(context);
        var expiryIndex = new IntentExpiries(context.getStateStore(IntentTopology.EXPIRIES_STORE));
        this.expiries = expiryIndex;
        context.schedule(EXPIRY_SWEEP, PunctuationType.WALL_CLOCK_TIME, now -> expireDue(Instant.ofEpochMilli(now)));
    }

    @Override
    public void process(Record<String, UsdtIntentCommand> record) {
        var envelope = record.value();
        if (envelope == null || !envelope.getIntentId().equals(record.key())) {
            // The single-writer rule: a command on another intent's partition must not touch the store here.
            throw new IllegalArgumentException("an intent command must be keyed by its intent id: key=" + record.key()
                    + " command=" + (envelope == null ? null : envelope.getCommandId()));
        }
        var command = IntentRecords.command(envelope);
        var outputs = new IntentOutputs();
        var applied = apply(command, outputs);
        outputs.outcomes().add(KeyValue.pair(command.intentId(), outcome(command, applied)));
        context().forward(record.withValue(outputs));
        count(command, applied.decision());
    }

    /** Decides {@code command}, stores the new state and adds what it writes to {@code outputs}. */
    private Applied apply(IntentCommand command, IntentOutputs outputs) {
        var intents = store();
        var state = IntentRecords.state(intents.get(command.intentId()));
        var decision = IntentDecider.decide(state, command, settings.policy());
        var events = switch (decision) {
            case Accepted accepted -> accepted.events();
            case Rejected rejected -> rejected.events();
        };
        var next = IntentDecider.evolveAll(state, events);
        if (!next.equals(state)) {
            intents.put(command.intentId(), IntentRecords.aggregate(next));
        }
        @Nullable String eventBody = null;
        for (var event : events) {
            var published = follow(command, event, state, outputs);
            if (published != null) {
                eventBody = published;
            }
        }
        if (eventBody == null && next instanceof Confirmed confirmed) {
            // A confirmed intent answers every later confirm with its first confirmation, event included.
            eventBody = firstEvent(confirmed).getBody();
        }
        return new Applied(decision, next, eventBody);
    }

    /** What one event writes besides the store; the body of a published event. */
    private @Nullable String follow(
            IntentCommand command, IntentEvent event, IntentState before, IntentOutputs outputs) {
        var expiries = required(this.expiries);
        var at = command.requestedAt();
        return switch (event) {
            case IntentCreated created -> {
                expiries.add(created.details().id(), created.details().expiresAt());
                outputs.addressCommands()
                        .add(book(AddressBookRecords.add(command.commandId() + ":book", at, created.details())));
                yield null;
            }
            case ClaimRequested requested -> {
                var claim = requested.claim();
                outputs.claims()
                        .add(KeyValue.pair(
                                claim.txHash(),
                                new UsdtTxClaim(
                                        claim.txHash(),
                                        command.intentId(),
                                        claim.resultCommandId(),
                                        claim.requestedAt())));
                yield null;
            }
            case IntentConfirmed confirmed -> {
                var details = confirmed.details();
                expiries.remove(details.id(), details.expiresAt());
                outputs.addressCommands()
                        .add(book(AddressBookRecords.remove(
                                command.commandId() + ":book",
                                at,
                                details,
                                confirmed.confirmation().match().txHash())));
                log.info(
                        "event=intent_confirmed intentId={} txHash={} eventId={} commandId={}",
                        details.id(),
                        confirmed.confirmation().match().txHash(),
                        confirmed.confirmation().eventId(),
                        command.commandId());
                yield publish(confirmed, false, outputs);
            }
            case IntentExpired expired -> {
                var details = ((Existing) before).details();
                expiries.remove(details.id(), details.expiresAt());
                expiries.add(details.id(), IntentExpiries.forgetAt(details.expiresAt()));
                outputs.addressCommands()
                        .add(book(AddressBookRecords.remove(command.commandId() + ":book", at, details, null)));
                yield null;
            }
            case TestPaymentConfirmed test -> publish(test, true, outputs);
            case IntentEvent.ClaimRefused refused -> {
                // Open and free again: it joins its book again, which ends the book's offer to it, if any.
                outputs.addressCommands()
                        .add(book(AddressBookRecords.add(
                                command.commandId() + ":book", at, ((Existing) before).details())));
                yield null;
            }
        };
    }

    private String publish(Published published, boolean test, IntentOutputs outputs) {
        var event = events.event(published.details(), published.confirmation(), test);
        outputs.events().add(KeyValue.pair(published.details().id(), event));
        return event.getBody();
    }

    /** The event of a confirmed intent's confirmation, as it was published. */
    private UsdtEvent firstEvent(Confirmed confirmed) {
        return events.event(confirmed.details(), confirmed.confirmation(), false);
    }

    private static KeyValue<String, UsdtAddressCommand> book(UsdtAddressCommand command) {
        return KeyValue.pair(command.getPayToAddress(), command);
    }

    private UsdtCommandOutcome outcome(IntentCommand command, Applied applied) {
        var builder = UsdtCommandOutcome.newBuilder()
                .setCommandId(command.commandId())
                .setIntent(applied.next() instanceof Existing existing ? IntentRecords.snapshot(existing) : null)
                .setEventBody(applied.eventBody())
                .setRejection(null)
                .setMatch(null)
                .setFollowUps(List.of());
        switch (applied.decision()) {
            case Accepted accepted -> {
                builder.setAccepted(true);
                if (accepted.followUp() != null) {
                    builder.setFollowUps(List.of(accepted.followUp()));
                }
                if (command instanceof IntentCommand.TriggerTestEvent && applied.eventBody() != null) {
                    // The test event's made-up intent is not stored: its snapshot is the event's.
                    builder.setIntent(accepted.events().stream()
                            .filter(TestPaymentConfirmed.class::isInstance)
                            .map(TestPaymentConfirmed.class::cast)
                            .findFirst()
                            .map(test -> IntentRecords.snapshot(test.details(), "confirmed", test.confirmation()))
                            .orElse(null));
                }
            }
            case Rejected rejected -> {
                builder.setAccepted(false).setRejection(new Rejection(rejected.code(), rejected.message()));
                MatchReport match = rejected.match();
                builder.setMatch(match == null ? null : MatchRecords.report(match));
                log.info(
                        "event=intent_command_rejected intentId={} commandId={} code={}",
                        command.intentId(),
                        command.commandId(),
                        rejected.code());
            }
        }
        return builder.build();
    }

    /**
     * Expires the open intents that are due (a no-op for one whose claim is in flight: its answer decides first) and
     * deletes the expired ones due to be forgotten.
     */
    private void expireDue(Instant now) {
        var intents = store();
        var expiries = required(this.expiries);
        var outputs = new IntentOutputs();
        for (var due : expiries.due(now, EXPIRY_BATCH)) {
            var state = IntentRecords.state(intents.get(due.intentId()));
            switch (state) {
                case Expired expired -> {
                    intents.delete(due.intentId());
                    expiries.remove(due.intentId(), due.at());
                    log.info(
                            "event=intent_forgotten intentId={} expiredAt={}",
                            due.intentId(),
                            expired.details().expiresAt());
                }
                case Absent absent -> expiries.remove(due.intentId(), due.at());
                case Open open ->
                    apply(new IntentCommand.Expire(due.intentId(), due.intentId() + ":expire", now), outputs);
                case Confirmed confirmed -> expiries.remove(due.intentId(), due.at());
            }
        }
        if (!outputs.isEmpty()) {
            context().forward(new Record<>("expiries", outputs, now.toEpochMilli()));
        }
    }

    private static void count(IntentCommand command, IntentDecision decision) {
        var outcome = decision instanceof Rejected rejected ? rejected.code() : "accepted";
        Metrics.counter("usdt_intent_commands", "type", command.getClass().getSimpleName(), "outcome", outcome)
                .increment();
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }

    /** A decided command: its decision, the state after it, and the body of the event it answers with. */
    private record Applied(
            IntentDecision decision,
            IntentState next,
            @Nullable String eventBody) {}
}
