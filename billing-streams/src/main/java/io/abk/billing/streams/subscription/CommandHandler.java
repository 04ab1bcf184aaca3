package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streams.domain.subscription.Decision.Accepted;
import io.abk.billing.streams.domain.subscription.Decision.Rejected;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.SubscriptionDecider;
import io.abk.billing.streams.domain.subscription.SubscriptionState;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Absent;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * One command, from its envelope and the stored aggregate to everything the processor must write, computed
 * before anything is written: if mapping or deciding throws, nothing has been stored or forwarded, so the
 * record can go to the dead-letter topic without leaving a half-applied command behind. No Kafka here.
 */
final class CommandHandler {

    static final String AGGREGATE_TYPE = "subscription";

    private CommandHandler() {
    }

    /**
     * What one command produces. {@code aggregate} is the new store value, or null when the state is unchanged
     * (a rejection). {@code change} is written always; {@code events} in order.
     */
    record Handled(@Nullable SubscriptionAggregate aggregate, Change change, List<BillingEvent> events) {
    }

    static Handled handle(SubscriptionCommand envelope, @Nullable SubscriptionAggregate storedValue) {
        var command = CommandMapper.toCommand(envelope);
        var stored = storedValue == null ? null : AggregateMapper.read(storedValue);
        if (stored != null && !stored.state().id().equals(envelope.getSubscriptionId())) {
            throw new IllegalStateException("the store holds subscription " + stored.state().id() + " under key "
                    + envelope.getSubscriptionId());
        }
        SubscriptionState before = stored == null ? new Absent() : stored.state();
        return switch (SubscriptionDecider.decide(before, command)) {
            case Rejected rejected -> new Handled(null, rejectedChange(envelope, rejected), List.of());
            case Accepted accepted -> {
                var after = existing(SubscriptionDecider.evolveAll(before, accepted.events()), envelope);
                var sequence = (stored == null ? 0 : stored.sequence()) + 1;
                var events = EventMapper.toBillingEvents(envelope, accepted.events(), after, sequence);
                var change = acceptedChange(envelope, before, after, sequence, events);
                yield new Handled(AggregateMapper.write(new AggregateMapper.Stored(sequence, after)), change, events);
            }
        };
    }

    private static Change rejectedChange(SubscriptionCommand envelope, Rejected rejected) {
        return change(envelope, Outcome.REJECTED)
                .setRejection(new Rejection(rejected.reason().code(), rejected.message()))
                .build();
    }

    /**
     * The snapshots of an accepted command: the subscription always (it is the aggregate root and its version
     * is the aggregate's sequence, so the read model's subscription version equals the number of accepted
     * commands), then every invoice that is new or different, oldest first.
     */
    private static Change acceptedChange(SubscriptionCommand envelope, SubscriptionState before, Existing after,
            long sequence, List<BillingEvent> events) {
        var snapshots = new ArrayList<Object>();
        snapshots.add(SnapshotMapper.subscription(after, sequence));
        var previous = invoicesById(before);
        for (var invoice : after.details().invoices()) {
            if (!invoice.equals(previous.get(invoice.id()))) {
                snapshots.add(SnapshotMapper.invoice(invoice, after.details(), sequence));
            }
        }
        return change(envelope, Outcome.ACCEPTED)
                .setSnapshots(snapshots)
                .setEventIds(events.stream().map(BillingEvent::getEventId).toList())
                .build();
    }

    private static Change.Builder change(SubscriptionCommand envelope, Outcome outcome) {
        return Change.newBuilder()
                .setCommandId(envelope.getCommandId())
                .setAggregateType(AGGREGATE_TYPE)
                .setAggregateId(envelope.getSubscriptionId())
                .setMerchantId(envelope.getMerchantId())
                .setMode(envelope.getMode())
                .setRequestedAt(envelope.getRequestedAt())
                .setOutcome(outcome)
                .setRejection(null)
                .setSnapshots(List.of())
                .setEventIds(List.of());
    }

    private static Map<String, Invoice> invoicesById(SubscriptionState state) {
        return switch (state) {
            case Absent absent -> Map.of();
            case Existing existing -> existing.details().invoices().stream()
                    .collect(Collectors.toMap(Invoice::id, Function.identity()));
        };
    }

    private static Existing existing(SubscriptionState state, SubscriptionCommand envelope) {
        return switch (state) {
            case Existing existing -> existing;
            case Absent absent -> throw new IllegalStateException(
                    "command " + envelope.getCommandId() + " was accepted but left no subscription");
        };
    }
}
