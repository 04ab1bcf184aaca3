package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streams.domain.subscription.Decision.Accepted;
import io.abk.billing.streams.domain.subscription.Decision.Failed;
import io.abk.billing.streams.domain.subscription.Decision.Rejected;
import io.abk.billing.streams.domain.subscription.DunningPolicy;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.InvoiceStatus;
import io.abk.billing.streams.domain.subscription.RejectionReason;
import io.abk.billing.streams.domain.subscription.SubscriptionDecider;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.domain.subscription.SubscriptionState;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Absent;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One command, from its envelope and the stored aggregate to everything the processor must write, computed
 * before anything is written: if mapping or deciding throws, nothing has been stored or forwarded, so the
 * record can go to the dead-letter topic without leaving a half-applied command behind. No Kafka here.
 */
final class CommandHandler {

    static final String AGGREGATE_TYPE = "subscription";
    private static final Logger log = LoggerFactory.getLogger(CommandHandler.class);

    private CommandHandler() {
    }

    /**
     * What one command produces. {@code aggregate} is the new store value, or null when the state is unchanged
     * (a rejection). {@code change} is written always; {@code events} in order; {@code chainRequests} are the
     * settlements it started (keyed by invoice id on {@code chain.requests}).
     */
    record Handled(@Nullable SubscriptionAggregate aggregate, Change change, List<BillingEvent> events,
            List<ChainRequest> chainRequests) {
    }

    static Handled handle(SubscriptionCommand envelope, @Nullable SubscriptionAggregate storedValue,
            DunningPolicy dunning) {
        var command = CommandMapper.toCommand(envelope);
        var stored = storedValue == null ? null : AggregateMapper.read(storedValue);
        if (stored != null && !stored.state().id().equals(envelope.getSubscriptionId())) {
            throw new IllegalStateException("the store holds subscription " + stored.state().id() + " under key "
                    + envelope.getSubscriptionId());
        }
        SubscriptionState before = stored == null ? new Absent() : stored.state();
        long sequence = stored == null ? 0 : stored.sequence();
        return switch (SubscriptionDecider.decide(before, command, dunning)) {
            case Rejected rejected -> new Handled(null, rejectedChange(envelope, rejected.reason(), rejected.message()),
                    List.of(), List.of());
            case Failed failed -> {
                // Only the private bookkeeping changed (a refund's reservation released): the public version stays.
                var after = existing(SubscriptionDecider.evolveAll(before, failed.events()), envelope);
                yield new Handled(AggregateMapper.write(new AggregateMapper.Stored(sequence, after)),
                        rejectedChange(envelope, failed.reason(), failed.message()), List.of(), List.of());
            }
            case Accepted accepted -> {
                var after = existing(SubscriptionDecider.evolveAll(before, accepted.events()), envelope);
                warnAboutLateMoney(envelope, accepted.events());
                var events = EventMapper.toBillingEvents(envelope, accepted.events(), after, sequence + 1);
                var requests = ChainRequestMapper.toChainRequests(accepted.events(), after);
                var change = acceptedChange(envelope, before, after, sequence + 1, events, requests);
                yield new Handled(AggregateMapper.write(new AggregateMapper.Stored(sequence + 1, after)), change,
                        events, requests);
            }
        };
    }

    private static Change rejectedChange(SubscriptionCommand envelope, RejectionReason reason, String message) {
        return change(envelope, Outcome.REJECTED)
                .setRejection(new Rejection(reason.code(), message))
                .build();
    }

    /**
     * The snapshots of an accepted command: the subscription always (it is the aggregate root and its version
     * is the aggregate's sequence, so the read model's subscription version equals the number of accepted
     * commands), then every invoice that is new or different, oldest first. A command that started a settlement
     * names the command its result will come as.
     */
    private static Change acceptedChange(SubscriptionCommand envelope, SubscriptionState before, Existing after,
            long sequence, List<BillingEvent> events, List<ChainRequest> requests) {
        var snapshots = new ArrayList<Object>();
        snapshots.add(SnapshotMapper.subscription(after, sequence));
        var previous = invoicesById(before);
        for (var invoice : after.details().invoices()) {
            if (!invoice.equals(previous.get(invoice.id()))) {
                snapshots.add(SnapshotMapper.invoice(invoice, after.details(), sequence));
            }
        }
        if (requests.size() > 1) {
            throw new IllegalStateException("command " + envelope.getCommandId() + " started " + requests.size()
                    + " settlements; a command starts at most one");
        }
        return change(envelope, Outcome.ACCEPTED)
                .setSnapshots(snapshots)
                .setEventIds(events.stream().map(BillingEvent::getEventId).toList())
                .setFollowUpCommandId(requests.isEmpty() ? null : requests.getFirst().getResultCommandId())
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
                .setEventIds(List.of())
                .setFollowUpCommandId(null);
    }

    /**
     * Money that arrived for an invoice voided meanwhile is recorded (paid), but someone should look at it; so is a
     * paid invoice reopened because its charge left the chain (never silent).
     */
    private static void warnAboutLateMoney(SubscriptionCommand envelope, List<SubscriptionEvent> events) {
        for (var event : events) {
            if (event instanceof InvoiceReopened reopened) {
                log.warn("event=invoice_reopened invoiceId={} subscriptionId={} merchantId={} mode={} commandId={}"
                                + " code={} nextAttemptAt={}", reopened.invoice().id(), envelope.getSubscriptionId(),
                        envelope.getMerchantId(), envelope.getMode(), envelope.getCommandId(),
                        reopened.failure().code(), reopened.invoice().nextAttemptAt());
            }
            if (event instanceof InvoicePaid paid && paid.previousStatus() == InvoiceStatus.VOID) {
                log.warn("event=voided_invoice_paid invoiceId={} subscriptionId={} merchantId={} mode={} commandId={}"
                                + " txHash={}", paid.invoice().id(), envelope.getSubscriptionId(),
                        envelope.getMerchantId(), envelope.getMode(), envelope.getCommandId(), paid.invoice().txHash());
            }
        }
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
            case Absent absent -> throw new IllegalStateException(
                    "command " + envelope.getCommandId() + " was accepted but left no subscription");
            case Existing existing -> existing;
        };
    }
}
