package io.abk.billing.streams.invoicenumber;

import io.abk.billing.schemas.avro.AssignInvoiceNumber;
import io.abk.billing.schemas.avro.AssignInvoiceNumbers;
import io.abk.billing.schemas.avro.FinalizationItem;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.FinalizeInvoices;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.InvoiceNumbering;
import io.abk.billing.schemas.avro.SetInvoicePrefix;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.streams.command.ProcessedCommands;
import io.abk.billing.streams.invoicenumber.domain.InvoiceSequence;
import io.abk.billing.streams.subscription.PortalLinks;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of each merchant's invoice numbers in a mode (records keyed by {@link InvoiceNumbers#key}): an
 * {@code AssignInvoiceNumber} takes the next number of the sequence in {@code invoice-numbering}, mints the invoice's
 * hosted page and forwards {@code FinalizeInvoice} to the invoice's subscription; a {@code SetInvoicePrefix} changes
 * the prefix of the numbers to come. Each command id is applied once ({@link ProcessedCommands}), and the store, the
 * applied id and the forward are written in the task's exactly-once transaction, so a number is consumed exactly when
 * an invoice gets it: no gap, no repeat (docs/architecture.md, "Invoice numbers"). An {@code AssignInvoiceNumbers}
 * (the invoices of one batch of renewals) numbers each item as its own command and answers with one
 * {@code FinalizeInvoices}. The numbering has no public state:
 * it writes no {@code Change}; the invoice's own snapshot carries its number.
 */
public final class InvoiceNumberProcessor
        implements Processor<String, InvoiceNumberCommand, String, SubscriptionCommand> {

    /** The command id prefix of the {@code FinalizeInvoice} of an invoice: {@code finalize:<invoice id>}. */
    public static final String FINALIZE_COMMAND_PREFIX = "finalize:";

    /** The command id prefix of several {@code FinalizeInvoice}s sent as one: {@code finalizations:<first item's id>}. */
    public static final String BATCH_FINALIZE_COMMAND_PREFIX = "finalizations:";

    /** 128 random bits: a token nobody can guess or enumerate, as the page it opens needs no sign-in. */
    private static final int TOKEN_BYTES = 16;

    private static final Logger log = LoggerFactory.getLogger(InvoiceNumberProcessor.class);

    private final InvoiceNumberNodes nodes;
    private final PortalLinks links;
    private final SecureRandom random = new SecureRandom();
    private @Nullable ProcessorContext<String, SubscriptionCommand> context;
    private @Nullable KeyValueStore<String, InvoiceNumbering> numberings;
    private @Nullable ProcessedCommands processed;

    public InvoiceNumberProcessor(InvoiceNumberNodes nodes, PortalLinks links) {
        this.nodes = nodes;
        this.links = links;
    }

    @Override
    public void init(ProcessorContext<String, SubscriptionCommand> context) {
        this.context = context;
        this.numberings = context.getStateStore(nodes.numberingStore());
        KeyValueStore<String, Long> processedStore = context.getStateStore(nodes.processedCommandStore());
        var processedCommands = new ProcessedCommands(processedStore);
        this.processed = processedCommands;
        context.schedule(ProcessedCommands.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, processedCommands::sweep);
    }

    @Override
    public void process(Record<String, InvoiceNumberCommand> record) {
        var context = required(this.context);
        var processed = required(this.processed);
        var numberings = required(this.numberings);
        var command = record.value();
        if (command == null) {
            throw new IllegalArgumentException("an invoice number command without a value: key=" + record.key());
        }
        var key = InvoiceNumbers.key(command.getMerchantId(), command.getMode().name());
        if (!key.equals(record.key())) {
            // The single-writer rule: another merchant's or mode's command must not touch the sequence here.
            throw new IllegalArgumentException("an invoice number command must be keyed by its merchant and mode: key="
                    + record.key() + " expected=" + key + " commandId=" + command.getCommandId());
        }
        if (processed.contains(command.getCommandId())) {
            log.info(
                    "event=command_duplicate_skipped commandId={} merchantId={} mode={}",
                    command.getCommandId(),
                    command.getMerchantId(),
                    command.getMode());
            return;
        }
        var stored = numberings.get(key);
        var sequence =
                stored == null ? InvoiceSequence.NEW : new InvoiceSequence(stored.getPrefix(), stored.getLastNumber());
        if (command.getPayload() instanceof AssignInvoiceNumbers batch) {
            numberAll(context, processed, record, command, batch, sequence);
            return;
        }
        var after = switch (command.getPayload()) {
            case AssignInvoiceNumber assign -> {
                var assigned = sequence.next(command.getMerchantId());
                var finalization = finalization(assign, assigned.number());
                logNumbered(command, command.getCommandId(), assign, assigned.number());
                context.forward(
                        new Record<>(
                                assign.getSubscriptionId(),
                                finalize(command, assign.getSubscriptionId(), command.getRequestedAt(), finalization),
                                record.timestamp()),
                        nodes.finalizationsSink());
                yield assigned.after();
            }
            case SetInvoicePrefix set -> sequence.withPrefix(set.getPrefix());
            default ->
                throw new IllegalArgumentException("command " + command.getCommandId()
                        + " has a payload this processor does not know: "
                        + command.getPayload().getClass().getName());
        };
        numberings.put(key, new InvoiceNumbering(after.prefix(), after.lastNumber()));
        processed.markProcessed(command.getCommandId(), context.currentSystemTimeMs());
    }

    /**
     * Numbers each invoice of a batch exactly as its own {@code AssignInvoiceNumber} would be, skipping the items
     * numbered before (a batch read again), and sends the numbers back as one {@code FinalizeInvoices} (a lone new one
     * as its plain {@code FinalizeInvoice}) keyed by the first item's subscription: the invoices were made by one
     * batch of one task, so every item's subscription is on that partition. Every number is decided before anything
     * is written, so an exception leaves no number taken.
     */
    private void numberAll(
            ProcessorContext<String, SubscriptionCommand> context,
            ProcessedCommands processed,
            Record<String, InvoiceNumberCommand> record,
            InvoiceNumberCommand command,
            AssignInvoiceNumbers batch,
            InvoiceSequence sequence) {
        var applied = new LinkedHashSet<String>();
        var items = new ArrayList<FinalizationItem>();
        var next = sequence;
        for (var item : batch.getItems()) {
            var assign = item.getAssignment();
            if (processed.contains(item.getCommandId()) || applied.contains(item.getCommandId())) {
                log.info(
                        "event=command_duplicate_skipped commandId={} batchCommandId={} merchantId={} mode={}",
                        item.getCommandId(),
                        command.getCommandId(),
                        command.getMerchantId(),
                        command.getMode());
                continue;
            }
            var assigned = next.next(command.getMerchantId());
            next = assigned.after();
            applied.add(item.getCommandId());
            items.add(new FinalizationItem(
                    FINALIZE_COMMAND_PREFIX + assign.getInvoiceId(),
                    assign.getSubscriptionId(),
                    item.getRequestedAt(),
                    finalization(assign, assigned.number())));
            logNumbered(command, item.getCommandId(), assign, assigned.number());
        }
        if (items.isEmpty()) {
            return;
        }
        required(numberings)
                .put(
                        InvoiceNumbers.key(
                                command.getMerchantId(), command.getMode().name()),
                        new InvoiceNumbering(next.prefix(), next.lastNumber()));
        long now = context.currentSystemTimeMs();
        for (var id : applied) {
            processed.markProcessed(id, now);
        }
        var first = items.getFirst();
        var answer = items.size() == 1
                ? finalize(command, first.getSubscriptionId(), first.getRequestedAt(), first.getFinalization())
                : SubscriptionCommand.newBuilder()
                        .setCommandId(BATCH_FINALIZE_COMMAND_PREFIX + first.getCommandId())
                        .setSubscriptionId(first.getSubscriptionId())
                        .setMerchantId(command.getMerchantId())
                        .setMode(command.getMode())
                        .setRequestedAt(first.getRequestedAt())
                        .setPayload(new FinalizeInvoices(items))
                        .build();
        context.forward(new Record<>(first.getSubscriptionId(), answer, record.timestamp()), nodes.finalizationsSink());
    }

    private static void logNumbered(
            InvoiceNumberCommand command, String commandId, AssignInvoiceNumber assign, String number) {
        log.info(
                "event=invoice_numbered invoiceId={} number={} subscriptionId={} merchantId={} mode={} commandId={}",
                assign.getInvoiceId(),
                number,
                assign.getSubscriptionId(),
                command.getMerchantId(),
                command.getMode(),
                commandId);
    }

    private FinalizeInvoice finalization(AssignInvoiceNumber assign, String number) {
        return FinalizeInvoice.newBuilder()
                .setInvoiceId(assign.getInvoiceId())
                .setNumber(number)
                .setHostedInvoiceUrl(links.hostedInvoice(token()))
                .build();
    }

    private static SubscriptionCommand finalize(
            InvoiceNumberCommand command, String subscriptionId, Instant requestedAt, FinalizeInvoice finalization) {
        return SubscriptionCommand.newBuilder()
                .setCommandId(FINALIZE_COMMAND_PREFIX + finalization.getInvoiceId())
                .setSubscriptionId(subscriptionId)
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setRequestedAt(requestedAt)
                .setPayload(finalization)
                .build();
    }

    /** 128 random bits, base64url without padding (22 characters). */
    private String token() {
        var bytes = new byte[TOKEN_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static <T> T required(@Nullable T initialised) {
        if (initialised == null) {
            throw new IllegalStateException("process() before init()");
        }
        return initialised;
    }
}
