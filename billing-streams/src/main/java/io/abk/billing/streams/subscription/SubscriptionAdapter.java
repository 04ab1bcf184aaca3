package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.CheckFundings;
import io.abk.billing.schemas.avro.FinalizeInvoices;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.avro.SettleRequests;
import io.abk.billing.schemas.avro.SettledInvoice;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.command.SettlementItems;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.subscription.SettledInvoiceStore.Restored;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import io.abk.billing.streams.subscription.domain.Invoice;
import io.abk.billing.streams.subscription.domain.InvoiceStatus;
import io.abk.billing.streams.subscription.domain.SubscriptionDecider;
import io.abk.billing.streams.subscription.domain.SubscriptionDecision.Accepted;
import io.abk.billing.streams.subscription.domain.SubscriptionDecision.Failed;
import io.abk.billing.streams.subscription.domain.SubscriptionDecision.Rejected;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.subscription.domain.SubscriptionEvolver;
import io.abk.billing.streams.subscription.domain.SubscriptionRejection;
import io.abk.billing.streams.subscription.domain.SubscriptionState;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The subscription aggregate's adapter for the command processor: maps the envelope to an instruction, loads the
 * state, lets {@link SubscriptionDecider} decide and {@link SubscriptionEvolver} apply, and computes everything to
 * write before anything is written: the store value, the change, the events for {@code billing.events} (keyed by
 * subscription id) and the settlements started for {@code chain.requests} (keyed by invoice id; a signed mandate,
 * which is for no invoice, by subscription id) and the customer a new subscription ensures for
 * {@code billing.customer-commands} (keyed by customer id), and the number each new invoice asks for
 * ({@link InvoiceNumberRequests}), and what a subscription with a metered item tells the usage processor
 * ({@link UsageRequests}). A settled invoice
 * the instruction names is put back into the state first, and after the command the settled invoices leave the
 * stored aggregate again: the moves to and from {@link SettledInvoiceStore} are its last step, so a command that
 * throws while deciding writes nothing.
 */
public final class SubscriptionAdapter implements AggregateAdapter<SubscriptionCommand, SubscriptionAggregate> {

    static final String AGGREGATE_TYPE = "subscription";
    private static final Logger log = LoggerFactory.getLogger(SubscriptionAdapter.class);

    private final SubscriptionNodes nodes;
    private final DunningPolicy dunning;
    private final PortalLinks portal;
    private @Nullable SettledInvoiceStore settledInvoices;

    public SubscriptionAdapter(SubscriptionNodes nodes, DunningPolicy dunning, PortalLinks portal) {
        this.nodes = nodes;
        this.dunning = dunning;
        this.portal = portal;
    }

    @Override
    public void init(ProcessorContext<?, ?> context) {
        KeyValueStore<String, SettledInvoice> store = context.getStateStore(nodes.settledInvoicesStore());
        settledInvoices = new SettledInvoiceStore(store);
    }

    /**
     * A {@code RenewSubscriptions} of the renewal-scheduler stands for one {@code RenewSubscription} per item, a
     * {@code CheckFundings} for one {@code CheckFunding} per item, each with the envelope the scheduler would have
     * sent it in alone; a {@code FinalizeInvoices} of the invoice numbering for one {@code FinalizeInvoice} per item,
     * with the batch's merchant and mode; a {@code SettleRequests} of chain-indexer for one {@code SettleCharge} or
     * {@code SettleFundingCheck} per item.
     */
    @Override
    public @Nullable List<SubscriptionCommand> batchItems(SubscriptionCommand command) {
        return switch (command.getPayload()) {
            case RenewSubscriptions renewals ->
                each(
                        renewals.getItems(),
                        item -> scheduled(
                                item,
                                RenewSubscription.newBuilder()
                                        .setPeriodEnd(item.getPeriodEnd())
                                        .build()));
            case CheckFundings checks ->
                each(
                        checks.getItems(),
                        item -> scheduled(
                                item,
                                CheckFunding.newBuilder()
                                        .setPeriodEnd(item.getPeriodEnd())
                                        .build()));
            case SettleRequests answers -> each(answers.getItems(), SettlementItems::command);
            case FinalizeInvoices finalizations ->
                each(
                        finalizations.getItems(),
                        item -> AggregateEnvelope.SUBSCRIPTION.command(
                                item.getCommandId(),
                                item.getSubscriptionId(),
                                command.getMerchantId(),
                                command.getMode(),
                                item.getRequestedAt(),
                                null,
                                item.getFinalization()));
            default -> null;
        };
    }

    private static <T> List<SubscriptionCommand> each(List<T> items, Function<T, SubscriptionCommand> command) {
        var commands = new ArrayList<SubscriptionCommand>(items.size());
        for (var item : items) {
            commands.add(command.apply(item));
        }
        return commands;
    }

    /** The envelope a scheduler's item would have been sent in alone, around {@code payload}. */
    private static SubscriptionCommand scheduled(RenewalItem item, Object payload) {
        return AggregateEnvelope.SUBSCRIPTION.command(
                item.getCommandId(),
                item.getSubscriptionId(),
                item.getMerchantId(),
                item.getMode(),
                item.getRequestedAt(),
                null,
                payload);
    }

    /**
     * The invoices a batch's renewals made ask the numbering for their numbers in one request per merchant and mode
     * ({@link InvoiceNumberRequests#combine}), and their charges (or the batch's funding checks) go to the chain side
     * as one request ({@link ChainRequestBatches#combine}); everything else goes out as it is.
     */
    @Override
    public List<Forward> combine(List<Forward> forwards) {
        return ChainRequestBatches.combine(
                InvoiceNumberRequests.combine(forwards, nodes.invoiceNumbersSink()), nodes.chainRequestsSink());
    }

    @Override
    public String idOf(SubscriptionAggregate stored) {
        return stored.getSubscription().getId();
    }

    @Override
    public Applied<SubscriptionAggregate> apply(
            CommandHeader header, SubscriptionCommand envelope, @Nullable SubscriptionAggregate storedValue) {
        var settled = settledInvoices;
        if (settled == null) {
            throw new IllegalStateException("apply() before init()");
        }
        var instruction = SubscriptionInstructionMapper.toInstruction(header, envelope.getPayload());
        var stored = storedValue == null ? null : SubscriptionSnapshotMapper.read(storedValue);
        Restored restored = null;
        SubscriptionState before = new Absent();
        if (stored != null && storedValue != null) {
            restored = settled.restore(stored.state(), storedValue.getSubscription(), instruction);
            before = restored != null ? restored.state() : stored.state();
        }
        long sequence = stored == null ? 0 : stored.sequence();
        var subscriptionId = envelope.getSubscriptionId();
        return switch (SubscriptionDecider.decide(before, instruction, dunning)) {
            case Rejected rejected ->
                Applied.rejected(Changes.rejected(
                        header, AGGREGATE_TYPE, rejected.reason().code(), withPortal(rejected, before)));
            case Failed failed -> {
                // Only the private bookkeeping changed (a refund's reservation released): the public version stays.
                var after = existing(SubscriptionEvolver.evolveAll(before, failed.events()), header);
                var kept = SettledInvoiceStore.keep(after, restored, sequence);
                var change =
                        Changes.rejected(header, AGGREGATE_TYPE, failed.reason().code(), failed.message());
                settled.apply(subscriptionId, kept.writes());
                yield new Applied<>(
                        SubscriptionSnapshotMapper.write(new Stored<>(sequence, kept.state())), change, List.of());
            }
            case Accepted accepted -> {
                var after = existing(SubscriptionEvolver.evolveAll(before, accepted.events()), header);
                warnAboutLateMoney(header, accepted.events());
                var events =
                        SubscriptionEventMapper.toBillingEvents(header, accepted.events(), after, sequence + 1, portal);
                var requests = SubscriptionEventMapper.toChainRequests(accepted.events(), after);
                var change = acceptedChange(header, before, after, sequence + 1, events, requests);
                var kept = SettledInvoiceStore.keep(after, restored, sequence + 1);
                var forwards = new ArrayList<Forward>();
                for (var event : events) {
                    forwards.add(new Forward(nodes.eventsSink(), subscriptionId, event));
                }
                for (var request : requests) {
                    var key = request.getInvoiceId() != null ? request.getInvoiceId() : subscriptionId;
                    forwards.add(new Forward(nodes.chainRequestsSink(), key, request));
                }
                for (var customer : SubscriptionEventMapper.customers(envelope, accepted.events())) {
                    forwards.add(new Forward(nodes.customersSink(), customer.getCustomerId(), customer));
                }
                for (var number : InvoiceNumberRequests.of(header, subscriptionId, accepted.events())) {
                    forwards.add(new Forward(nodes.invoiceNumbersSink(), InvoiceNumberRequests.key(number), number));
                }
                for (var usage : UsageRequests.of(header, after, accepted.events())) {
                    forwards.add(new Forward(nodes.usageCommandsSink(), UsageRequests.key(usage), usage));
                }
                settled.apply(subscriptionId, kept.writes());
                yield new Applied<>(
                        SubscriptionSnapshotMapper.write(new Stored<>(sequence + 1, kept.state())), change, forwards);
            }
        };
    }

    /** A refusal that needs the customer's new authorization says where the customer manages what they signed. */
    private String withPortal(Rejected rejected, SubscriptionState state) {
        if (rejected.reason() != SubscriptionRejection.AMOUNT_ABOVE_MANDATE || !(state instanceof Existing existing)) {
            return rejected.message();
        }
        var tenant = existing.details().tenant();
        return rejected.message() + ". The customer sees and manages what they signed in the customer portal: "
                + portal.signIn(tenant.merchantId(), tenant.mode());
    }

    /**
     * The snapshots of an accepted command: the subscription always (it is the aggregate root and its version
     * is the aggregate's sequence, so the read model's subscription version equals the number of accepted
     * commands), then every invoice that is new or different, oldest first. A command that started a settlement
     * names the command its result will come as.
     */
    private static Change acceptedChange(
            CommandHeader header,
            SubscriptionState before,
            Existing after,
            long sequence,
            List<BillingEvent> events,
            List<ChainRequest> requests) {
        var snapshots = new ArrayList<Object>();
        snapshots.add(SubscriptionSnapshotMapper.snapshot(after, sequence));
        var previous = invoicesById(before);
        for (var invoice : after.details().invoices()) {
            if (!invoice.equals(previous.get(invoice.id()))) {
                snapshots.add(InvoiceSnapshotMapper.snapshot(invoice, after.details(), sequence));
            }
        }
        if (requests.size() > 1) {
            throw new IllegalStateException("command " + header.commandId() + " started " + requests.size()
                    + " settlements; a command starts at most one");
        }
        return Changes.accepted(
                header,
                AGGREGATE_TYPE,
                snapshots,
                events.stream().map(BillingEvent::getEventId).toList(),
                requests.isEmpty() ? null : requests.getFirst().getResultCommandId());
    }

    /**
     * Money that arrived for an invoice voided meanwhile is recorded (paid), but someone should look at it; so is a
     * paid invoice reopened because its charge left the chain (never silent).
     */
    private static void warnAboutLateMoney(CommandHeader header, List<SubscriptionEvent> events) {
        for (var event : events) {
            if (event instanceof InvoiceReopened reopened) {
                log.warn(
                        "event=invoice_reopened invoiceId={} {} code={} nextAttemptAt={}",
                        reopened.invoice().id(),
                        header.logFields("subscriptionId"),
                        reopened.failure().code(),
                        reopened.invoice().nextAttemptAt());
            }
            if (event instanceof InvoicePaid paid && paid.previousStatus() == InvoiceStatus.VOID) {
                log.warn(
                        "event=voided_invoice_paid invoiceId={} {} txHash={}",
                        paid.invoice().id(),
                        header.logFields("subscriptionId"),
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

    private static Existing existing(SubscriptionState state, CommandHeader header) {
        return AggregateAdapter.existing(state, Existing.class, header, AGGREGATE_TYPE);
    }
}
