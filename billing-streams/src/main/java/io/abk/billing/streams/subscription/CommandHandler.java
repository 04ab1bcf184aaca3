package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.streams.domain.subscription.Decision.Accepted;
import io.abk.billing.streams.domain.subscription.Decision.Failed;
import io.abk.billing.streams.domain.subscription.Decision.Rejected;
import io.abk.billing.streams.domain.subscription.DunningPolicy;
import io.abk.billing.streams.domain.subscription.Invoice;
import io.abk.billing.streams.domain.subscription.InvoiceRetention;
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

    private CommandHandler() {}

    /**
     * What one command produces, by kind, before {@link SubscriptionHandler} routes it to sinks (as an
     * {@link io.abk.billing.streams.command.AggregateHandler.Handled}). {@code aggregate} is the new store value, or
     * null when the state is unchanged (a rejection). {@code change} is written always; {@code events} in order;
     * {@code chainRequests} are the settlements it started (keyed by invoice id on {@code chain.requests});
     * {@code settled} is what moves between the aggregate and the store of settled invoices (nothing for a
     * rejection).
     */
    record Outputs(
            @Nullable SubscriptionAggregate aggregate,
            Change change,
            List<BillingEvent> events,
            List<ChainRequest> chainRequests,
            SettledInvoiceStore.Writes settled) {}

    /** Where the invoices that left their aggregate are read from: null when {@code invoiceId} is not there. */
    @FunctionalInterface
    interface SettledInvoices {
        @Nullable
        InvoiceSnapshot find(String subscriptionId, String invoiceId);
    }

    /**
     * Decides {@code envelope} against the stored aggregate. A settled invoice the command names is put back into
     * the state first ({@link InvoiceRetention#named}), so the rules see it as if it had never left; after the
     * command, the invoices that are settled leave the stored aggregate again ({@link InvoiceRetention}).
     */
    static Outputs handle(
            SubscriptionCommand envelope,
            @Nullable SubscriptionAggregate storedValue,
            SettledInvoices settledInvoices,
            DunningPolicy dunning) {
        var command = CommandMapper.toCommand(envelope);
        var stored = storedValue == null ? null : AggregateMapper.read(storedValue);
        if (stored != null && !stored.state().id().equals(envelope.getSubscriptionId())) {
            throw new IllegalStateException("the store holds subscription "
                    + stored.state().id() + " under key " + envelope.getSubscriptionId());
        }
        Restored restored = null;
        SubscriptionState before = new Absent();
        if (stored != null && storedValue != null) {
            restored = restore(stored.state(), storedValue, command, settledInvoices);
            before = restored != null ? restored.state() : stored.state();
        }
        long sequence = stored == null ? 0 : stored.sequence();
        return switch (SubscriptionDecider.decide(before, command, dunning)) {
            case Rejected rejected ->
                new Outputs(
                        null,
                        rejectedChange(envelope, rejected.reason(), rejected.message()),
                        List.of(),
                        List.of(),
                        SettledInvoiceStore.Writes.NONE);
            case Failed failed -> {
                // Only the private bookkeeping changed (a refund's reservation released): the public version stays.
                var after = existing(SubscriptionDecider.evolveAll(before, failed.events()), envelope);
                var kept = keep(after, restored, sequence);
                yield new Outputs(
                        AggregateMapper.write(new AggregateMapper.Stored(sequence, kept.state())),
                        rejectedChange(envelope, failed.reason(), failed.message()),
                        List.of(),
                        List.of(),
                        kept.writes());
            }
            case Accepted accepted -> {
                var after = existing(SubscriptionDecider.evolveAll(before, accepted.events()), envelope);
                warnAboutLateMoney(envelope, accepted.events());
                var events = EventMapper.toBillingEvents(envelope, accepted.events(), after, sequence + 1);
                var requests = ChainRequestMapper.toChainRequests(accepted.events(), after);
                var change = acceptedChange(envelope, before, after, sequence + 1, events, requests);
                var kept = keep(after, restored, sequence + 1);
                yield new Outputs(
                        AggregateMapper.write(new AggregateMapper.Stored(sequence + 1, kept.state())),
                        change,
                        events,
                        requests,
                        kept.writes());
            }
        };
    }

    /** The state with a settled invoice put back, and that invoice as it was. */
    private record Restored(Existing state, Invoice invoice) {}

    /** The state to store and what moves to or from the store of settled invoices. */
    private record Kept(Existing state, SettledInvoiceStore.Writes writes) {}

    /** Puts back the settled invoice {@code command} names, if it names one that the aggregate does not hold. */
    private static @Nullable Restored restore(
            Existing state,
            SubscriptionAggregate storedValue,
            io.abk.billing.streams.domain.subscription.SubscriptionInstruction command,
            SettledInvoices settledInvoices) {
        var invoiceId = InvoiceRetention.named(command).orElse(null);
        if (invoiceId == null || state.details().invoice(invoiceId).isPresent()) {
            return null;
        }
        var snapshot = settledInvoices.find(state.id(), invoiceId);
        if (snapshot == null) {
            return null;
        }
        var invoice = SnapshotReader.invoice(snapshot, storedValue.getSubscription());
        return new Restored(state.mapDetails(d -> d.withSettledInvoice(invoice)), invoice);
    }

    /**
     * {@code after} without its settled invoices, and the writes that move them: each invoice that leaves is written
     * unless it is the restored one unchanged; the restored invoice, if it stays (a refund in flight, reopened), is
     * deleted from the settled store, so every invoice is in one place only.
     */
    private static Kept keep(Existing after, @Nullable Restored restored, long sequence) {
        var left = new ArrayList<InvoiceSnapshot>();
        for (var invoice : InvoiceRetention.settledInvoices(after.details())) {
            if (restored == null || !invoice.equals(restored.invoice())) {
                left.add(SnapshotMapper.invoice(invoice, after.details(), sequence));
            }
        }
        var kept = InvoiceRetention.withoutSettled(after);
        var returned = restored != null
                        && kept.details().invoice(restored.invoice().id()).isPresent()
                ? List.of(restored.invoice().id())
                : List.<String>of();
        return new Kept(kept, new SettledInvoiceStore.Writes(left, returned));
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
    private static Change acceptedChange(
            SubscriptionCommand envelope,
            SubscriptionState before,
            Existing after,
            long sequence,
            List<BillingEvent> events,
            List<ChainRequest> requests) {
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
                .setFollowUpCommandId(
                        requests.isEmpty() ? null : requests.getFirst().getResultCommandId())
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
                log.warn(
                        "event=invoice_reopened invoiceId={} subscriptionId={} merchantId={} mode={} commandId={}"
                                + " code={} nextAttemptAt={}",
                        reopened.invoice().id(),
                        envelope.getSubscriptionId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        envelope.getCommandId(),
                        reopened.failure().code(),
                        reopened.invoice().nextAttemptAt());
            }
            if (event instanceof InvoicePaid paid && paid.previousStatus() == InvoiceStatus.VOID) {
                log.warn(
                        "event=voided_invoice_paid invoiceId={} subscriptionId={} merchantId={} mode={} commandId={}"
                                + " txHash={}",
                        paid.invoice().id(),
                        envelope.getSubscriptionId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        envelope.getCommandId(),
                        paid.invoice().txHash());
            }
        }
    }

    private static Map<String, Invoice> invoicesById(SubscriptionState state) {
        return switch (state) {
            case Absent absent -> Map.of();
            case Existing existing ->
                existing.details().invoices().stream().collect(Collectors.toMap(Invoice::id, Function.identity()));
        };
    }

    private static Existing existing(SubscriptionState state, SubscriptionCommand envelope) {
        return switch (state) {
            case Absent absent ->
                throw new IllegalStateException(
                        "command " + envelope.getCommandId() + " was accepted but left no subscription");
            case Existing existing -> existing;
        };
    }
}
