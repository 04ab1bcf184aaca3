package io.abk.billing.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.AssignInvoiceNumber;
import io.abk.billing.schemas.avro.AssignInvoiceNumbers;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.FinalizationItem;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.FinalizeInvoices;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.InvoiceNumberItem;
import io.abk.billing.schemas.avro.InvoiceNumbering;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.avro.SetInvoicePrefix;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.invoicenumber.InvoiceNumberNodes;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Invoice numbers through the production topology (docs/architecture.md, "Invoice numbers"): every invoice a
 * subscription makes asks the numbering, which the driver runs at once, and comes back numbered. Three subscriptions of
 * one merchant and one of another, each created, activated and renewed twice.
 */
class InvoiceNumberTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2027-01-15T09:00:00Z");
    private static final String OTHER_MERCHANT = "mer_01jq0000000000000000000other";
    private static final String MERCHANT_KEY = InvoiceNumbers.key(CommandEnvelopes.MERCHANT_ID, Mode.TEST.name());

    private TestInputTopic<String, InvoiceNumberCommand> numberCommands;

    @BeforeEach
    void openNumberCommands() {
        var topic = Topics.INVOICE_NUMBER_COMMANDS;
        numberCommands = harness.driver.createInputTopic(
                topic.name(Deployment.DEFAULT),
                new StringSerializer(),
                topic.valueSerde().serializer());
    }

    @Test
    void shouldNumberEveryInvoiceFromOneWithoutGapOrRepeatPerMerchantAndModeWhenSubscriptionsInterleave() {
        var subs = List.of(
                "sub_01jq000000000000000000000a", "sub_01jq000000000000000000000b", "sub_01jq000000000000000000000c");
        var other = "sub_01jq000000000000000000000d";
        var live = "sub_01jq000000000000000000000e";
        for (var sub : subs) {
            activate(create(sub, CommandEnvelopes.MERCHANT_ID, Mode.TEST));
        }
        activate(create(other, OTHER_MERCHANT, Mode.TEST));
        harness.send(create(live, CommandEnvelopes.MERCHANT_ID, Mode.LIVE));
        for (int month = 1; month <= 2; month++) {
            for (var sub : subs) {
                renew(sub, month);
            }
            renew(other, month);
        }

        var numbers = finalizedNumbers();

        var prefix = InvoiceNumbers.defaultPrefix(CommandEnvelopes.MERCHANT_ID);
        assertThat(numbers.stream()
                        .filter(n -> n.merchantId().equals(CommandEnvelopes.MERCHANT_ID) && n.mode() == Mode.TEST)
                        .map(Numbered::number))
                .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 9)
                        .mapToObj(n -> InvoiceNumbers.format(prefix, n))
                        .toList());
        assertThat(numbers.stream()
                        .filter(n -> n.merchantId().equals(OTHER_MERCHANT))
                        .map(Numbered::number))
                .containsExactly(
                        InvoiceNumbers.format(InvoiceNumbers.defaultPrefix(OTHER_MERCHANT), 1),
                        InvoiceNumbers.format(InvoiceNumbers.defaultPrefix(OTHER_MERCHANT), 2),
                        InvoiceNumbers.format(InvoiceNumbers.defaultPrefix(OTHER_MERCHANT), 3));
        assertThat(numbers.stream().filter(n -> n.mode() == Mode.LIVE).map(Numbered::number))
                .as("live mode counts on its own")
                .containsExactly(InvoiceNumbers.format(prefix, 1));
        assertThat(numbers)
                .extracting(Numbered::hostedInvoiceUrl)
                .doesNotHaveDuplicates()
                .allSatisfy(url -> assertThat(url).matches("http://localhost:8080/invoice/[A-Za-z0-9_-]{22}"));
        assertThat(numberings().get(MERCHANT_KEY).getLastNumber()).isEqualTo(9);
        var stored = harness.aggregates().get(subs.getFirst()).getInvoices();
        assertThat(stored)
                .as("the aggregate's invoices carry their numbers")
                .allSatisfy(invoice -> assertThat(invoice.getNumber()).startsWith(prefix + "-"));
    }

    @Test
    void shouldNumberLaterInvoicesUnderANewPrefixAndGoOnCountingWhenThePrefixChanges() {
        var sub = "sub_01jq000000000000000000000a";
        activate(create(sub, CommandEnvelopes.MERCHANT_ID, Mode.TEST));
        numberCommands.pipeInput(MERCHANT_KEY, numberCommand("cmd_prefix", new SetInvoicePrefix("ACME")));
        renew(sub, 1);

        var numbers = finalizedNumbers();

        assertThat(numbers)
                .extracting(Numbered::number)
                .containsExactly(
                        InvoiceNumbers.format(InvoiceNumbers.defaultPrefix(CommandEnvelopes.MERCHANT_ID), 1),
                        "ACME-000002");
        assertThat(numberings().get(MERCHANT_KEY)).isEqualTo(new InvoiceNumbering("ACME", 2L));
    }

    // Protects against a gap or a repeat: a request delivered twice must not consume a second number.
    @Test
    void shouldAssignNothingWhenAnInvoiceNumberRequestIsReplayed() {
        var sub = "sub_01jq000000000000000000000a";
        var invoiceId = sub.replace("sub_", "inv_");
        harness.send(create(sub, CommandEnvelopes.MERCHANT_ID, Mode.TEST));
        assertThat(finalizedNumbers()).hasSize(1);
        assertThat(harness.changes.finalizations()).hasSize(1);

        numberCommands.pipeInput(
                MERCHANT_KEY, numberCommand("number:" + invoiceId, new AssignInvoiceNumber(invoiceId, sub)));

        assertThat(finalizedNumbers()).isEmpty();
        assertThat(harness.changes.finalizations()).isEmpty();
        assertThat(numberings().get(MERCHANT_KEY).getLastNumber()).isEqualTo(1);
    }

    @Test
    void shouldNumberABatchsInvoicesThroughOneRequestPerMerchantAndEachOnceWhenTheRequestComesAgain() {
        var subs = List.of(
                "sub_01jq000000000000000000000a", "sub_01jq000000000000000000000b", "sub_01jq000000000000000000000c");
        var other = "sub_01jq000000000000000000000d";
        for (var sub : subs) {
            activate(create(sub, CommandEnvelopes.MERCHANT_ID, Mode.TEST));
        }
        activate(create(other, OTHER_MERCHANT, Mode.TEST));
        var requests = outputTopic(Topics.INVOICE_NUMBER_COMMANDS);
        var finalizations = outputTopic(Topics.SUBSCRIPTION_COMMANDS);
        requests.readRecordsToList();
        finalizations.readRecordsToList();
        finalizedNumbers();
        var periodEnd = CREATED_AT.atOffset(ZoneOffset.UTC).plusMonths(1).toInstant();
        var items = new ArrayList<RenewalItem>();
        for (var sub : List.of(subs.get(0), other, subs.get(1), subs.get(2))) {
            items.add(new RenewalItem(
                    Ids.derivedId(IdPrefix.COMMAND, periodEnd, sub + ":" + periodEnd + ":renew"),
                    sub,
                    sub.equals(other) ? OTHER_MERCHANT : CommandEnvelopes.MERCHANT_ID,
                    Mode.TEST,
                    periodEnd,
                    periodEnd));
        }

        harness.commands.pipeInput(
                subs.getFirst(),
                CommandEnvelopes.scheduled(
                        "renewals:" + items.getFirst().getCommandId(),
                        subs.getFirst(),
                        periodEnd,
                        new RenewSubscriptions(items)));

        // One request for the merchant's three invoices, in the order they were made, and the other merchant's alone
        var asked = requests.readRecordsToList();
        assertThat(asked).extracting(TestRecord::key).containsExactly(MERCHANT_KEY, otherKey());
        var batch = asked.getFirst().value();
        assertThat(((AssignInvoiceNumbers) batch.getPayload()).getItems())
                .extracting(item -> item.getAssignment().getSubscriptionId())
                .containsExactly(subs.get(0), subs.get(1), subs.get(2));
        assertThat(((AssignInvoiceNumbers) batch.getPayload()).getItems())
                .extracting(InvoiceNumberItem::getCommandId)
                .allSatisfy(id -> assertThat(id).startsWith("number:inv_"));
        assertThat(asked.get(1).value().getPayload()).isInstanceOf(AssignInvoiceNumber.class);
        // answered the same way: one FinalizeInvoices keyed by the first subscription, the lone one as it is
        var answered = finalizations.readRecordsToList();
        assertThat(answered).extracting(TestRecord::key).containsExactly(subs.getFirst(), other);
        assertThat(((FinalizeInvoices) answered.getFirst().value().getPayload()).getItems())
                .extracting(FinalizationItem::getSubscriptionId)
                .containsExactly(subs.get(0), subs.get(1), subs.get(2));
        assertThat(answered.get(1).value().getPayload()).isInstanceOf(FinalizeInvoice.class);
        // and every invoice is finalized with the next number of its merchant, as if each had come alone
        var prefix = InvoiceNumbers.defaultPrefix(CommandEnvelopes.MERCHANT_ID);
        assertThat(finalizedNumbers())
                .extracting(Numbered::invoiceId, Numbered::number)
                .containsExactlyInAnyOrder(
                        tuple(invoiceOf(subs.get(0)), InvoiceNumbers.format(prefix, 4)),
                        tuple(invoiceOf(subs.get(1)), InvoiceNumbers.format(prefix, 5)),
                        tuple(invoiceOf(subs.get(2)), InvoiceNumbers.format(prefix, 6)),
                        tuple(
                                invoiceOf(other),
                                InvoiceNumbers.format(InvoiceNumbers.defaultPrefix(OTHER_MERCHANT), 2)));

        // The request read again (a replay) takes no number
        numberCommands.pipeInput(MERCHANT_KEY, batch);
        assertThat(finalizations.isEmpty()).isTrue();
        assertThat(finalizedNumbers()).isEmpty();
        assertThat(numberings().get(MERCHANT_KEY).getLastNumber()).isEqualTo(6);
    }

    private static String otherKey() {
        return InvoiceNumbers.key(OTHER_MERCHANT, Mode.TEST.name());
    }

    /** The latest invoice of {@code sub}, its renewal's. */
    private String invoiceOf(String sub) {
        return harness.aggregates().get(sub).getSubscription().getLatestInvoiceId();
    }

    private <V extends org.apache.avro.specific.SpecificRecord> TestOutputTopic<String, V> outputTopic(
            io.abk.billing.schemas.topic.Topic<String, V> topic) {
        return harness.driver.createOutputTopic(
                topic.name(Deployment.DEFAULT),
                new StringDeserializer(),
                topic.valueSerde().deserializer());
    }

    private SubscriptionCommand create(String sub, String merchantId, Mode mode) {
        var create = CommandEnvelopes.create("cmd_create_" + sub, sub, CREATED_AT);
        return SubscriptionCommand.newBuilder(create)
                .setMerchantId(merchantId)
                .setMode(mode)
                .build();
    }

    /** Creates with {@code create}, activates and settles the first charge. */
    private void activate(SubscriptionCommand create) {
        harness.send(create);
        harness.send(SubscriptionCommand.newBuilder(CommandEnvelopes.command(
                        "cmd_act_" + create.getSubscriptionId(),
                        create.getSubscriptionId(),
                        CREATED_AT,
                        new ActivateSubscription("7")))
                .setMerchantId(create.getMerchantId())
                .build());
        harness.send(CommandEnvelopes.settled(
                TopologyHarness.single(harness.chainRequests).value(), true));
    }

    /** The renewal at the end of the subscription's {@code month}-th period, charged and paid. */
    private void renew(String sub, int month) {
        var stored = harness.aggregates().get(sub).getSubscription();
        var periodEnd = CREATED_AT.atOffset(ZoneOffset.UTC).plusMonths(month).toInstant();
        assertThat(stored.getCurrentPeriodEnd()).isEqualTo(periodEnd);
        var commandId = Ids.derivedId(IdPrefix.COMMAND, periodEnd, sub + ":" + periodEnd + ":renew");
        harness.send(SubscriptionCommand.newBuilder(
                        CommandEnvelopes.scheduled(commandId, sub, periodEnd, new RenewSubscription(periodEnd)))
                .setMerchantId(stored.getMerchantId())
                .build());
        harness.send(CommandEnvelopes.settled(
                TopologyHarness.single(harness.chainRequests).value(), true));
    }

    private InvoiceNumberCommand numberCommand(String commandId, Object payload) {
        return InvoiceNumberCommand.newBuilder()
                .setCommandId(commandId)
                .setMerchantId(CommandEnvelopes.MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(CREATED_AT)
                .setPayload(payload)
                .build();
    }

    private record Numbered(String merchantId, Mode mode, String invoiceId, String number, String hostedInvoiceUrl) {}

    /** The {@code invoice.finalized} events published since the last call, in order. */
    private List<Numbered> finalizedNumbers() {
        var out = new ArrayList<Numbered>();
        for (var record : harness.events.finalizations()) {
            BillingEvent event = record.value();
            if (event.getType().equals("invoice.finalized")) {
                var invoice = event.getData().getInvoice();
                out.add(new Numbered(
                        invoice.getMerchantId(),
                        invoice.getMode(),
                        invoice.getId(),
                        invoice.getNumber(),
                        invoice.getHostedInvoiceUrl()));
            }
        }
        return out;
    }

    private KeyValueStore<String, InvoiceNumbering> numberings() {
        return harness.driver.getKeyValueStore(InvoiceNumberNodes.DEFAULT.numberingStore());
    }
}
