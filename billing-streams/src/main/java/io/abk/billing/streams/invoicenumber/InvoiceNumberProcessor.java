package io.abk.billing.streams.invoicenumber;

import io.abk.billing.schemas.avro.AssignInvoiceNumber;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.InvoiceNumbering;
import io.abk.billing.schemas.avro.SetInvoicePrefix;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.streams.command.ProcessedCommands;
import io.abk.billing.streams.invoicenumber.domain.InvoiceSequence;
import io.abk.billing.streams.subscription.PortalLinks;
import java.security.SecureRandom;
import java.util.Base64;
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
 * an invoice gets it: no gap, no repeat (docs/architecture.md, "Invoice numbers"). The numbering has no public state:
 * it writes no {@code Change}; the invoice's own snapshot carries its number.
 */
public final class InvoiceNumberProcessor
        implements Processor<String, InvoiceNumberCommand, String, SubscriptionCommand> {

    /** The command id prefix of the {@code FinalizeInvoice} of an invoice: {@code finalize:<invoice id>}. */
    public static final String FINALIZE_COMMAND_PREFIX = "finalize:";

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
        var after = switch (command.getPayload()) {
            case AssignInvoiceNumber assign -> {
                var assigned = sequence.next(command.getMerchantId());
                var finalize = finalize(command, assign, assigned.number());
                log.info(
                        "event=invoice_numbered invoiceId={} number={} subscriptionId={} merchantId={} mode={}"
                                + " commandId={}",
                        assign.getInvoiceId(),
                        assigned.number(),
                        assign.getSubscriptionId(),
                        command.getMerchantId(),
                        command.getMode(),
                        command.getCommandId());
                context.forward(
                        new Record<>(assign.getSubscriptionId(), finalize, record.timestamp()),
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

    private SubscriptionCommand finalize(InvoiceNumberCommand command, AssignInvoiceNumber assign, String number) {
        return SubscriptionCommand.newBuilder()
                .setCommandId(FINALIZE_COMMAND_PREFIX + assign.getInvoiceId())
                .setSubscriptionId(assign.getSubscriptionId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setRequestedAt(command.getRequestedAt())
                .setPayload(FinalizeInvoice.newBuilder()
                        .setInvoiceId(assign.getInvoiceId())
                        .setNumber(number)
                        .setHostedInvoiceUrl(links.hostedInvoice(token()))
                        .build())
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
