package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.RefundInvoice;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.ReverseCharge;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The subscription aggregate stays bounded however old a subscription gets: settled invoices leave it for the
 * {@code subscription-settled-invoices} store, and a command naming one of them (a refund, a charge, a reversal)
 * still finds it. Protects against the aggregate growing by one invoice per renewal until its record passes
 * Kafka's 1 MB limit and stops the processor for every merchant.
 *
 * <p>The cost of a command is measured by a deterministic proxy, not a clock: the bytes (key and value) of the
 * changelog records the command writes, which is what each command rewrites in RocksDB and sends to the broker,
 * and what a restore replays. A timed assertion would be flaky on a shared machine and say less.
 */
class BoundedAggregateTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2027-01-31T09:30:00Z");
    private static final String SUB = "sub_01jvqz0000000000000000000b";
    private static final String FIRST_INVOICE = SUB.replace("sub_", "inv_");
    private static final String OTHER_SUB = "sub_01jvqz0000000000000000000c";
    private static final int RENEWALS = 600;
    /**
     * The subscription, its latest invoice and one metadata entry come to about 0.55 KB encoded (about 142 KB after
     * 600 renewals when every invoice stayed); 4 KiB leaves room for an open renewal or two beside them and is
     * still far below the 1 MB a record may hold.
     */
    private static final int AGGREGATE_BOUND_BYTES = 4096;

    private final Map<String, TestOutputTopic<byte[], byte[]>> changelogs = new HashMap<>();
    private final AvroSerde<SubscriptionAggregate> aggregateSerde = AvroSerde.of(SubscriptionAggregate.class);

    @BeforeEach
    void createActiveSubscription() {
        for (var sub : new String[] {SUB, OTHER_SUB}) {
            harness.send(CommandEnvelopes.create("cmd_create_" + sub, sub, CREATED_AT));
            harness.send(CommandEnvelopes.command("cmd_act_" + sub, sub, CREATED_AT, new ActivateSubscription("9")));
            harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        }
        harness.drain();
        changelogBytes();
    }

    @Test
    void shouldKeepTheAggregateUnderAFixedSizeAndTheRenewalsWorkFlatWhenAMonthlySubscriptionRenews600Times() {
        // given an active monthly subscription; when it renews 600 times (50 years of its test clock)
        var aggregateBytes = new int[RENEWALS + 1];
        var renewalBytes = new long[RENEWALS + 1];
        for (int n = 1; n <= RENEWALS; n++) {
            renew();
            renewalBytes[n] = changelogBytes();
            aggregateBytes[n] = aggregateSerde.encode(harness.aggregates().get(SUB)).length;
        }

        // then the aggregate never grows past the bound, and renewal 600 writes at most 1.5x what renewal 10 did
        var largest = Arrays.stream(aggregateBytes).max().orElseThrow();
        assertThat(largest).as("largest aggregate in bytes").isLessThan(AGGREGATE_BOUND_BYTES);
        assertThat(renewalBytes[RENEWALS])
                .as("changelog bytes of renewal 600 vs renewal 10 (%d)", renewalBytes[10])
                .isLessThanOrEqualTo(renewalBytes[10] * 3 / 2);
        assertThat(harness.aggregates().get(SUB).getInvoices())
                .as("only the latest invoice is held")
                .hasSize(1);
        assertThat(subscription(harness.aggregates().get(SUB)).getCurrentPeriodEnd())
                .isEqualTo(Instant.parse("2077-02-28T09:30:00Z"));
    }

    @Test
    void shouldRefundChargeAndReverseAnInvoiceThatLeftTheAggregateAsBefore() {
        // given a subscription renewed three times: its first invoice is settled and long gone from the aggregate
        for (int n = 1; n <= 3; n++) {
            renew();
        }
        harness.drain();
        assertThat(harness.aggregates().get(SUB).getInvoices())
                .extracting(InvoiceSnapshot::getId)
                .doesNotContain(FIRST_INVOICE);
        var refundAt = Instant.parse("2027-05-01T00:00:00Z");

        // when it is charged again: refused as before, it is paid
        var charge = harness.send(
                CommandEnvelopes.command("cmd_charge_old", SUB, refundAt, new ChargeInvoice(FIRST_INVOICE, null)));
        assertThat(charge.getRejection().getCode()).isEqualTo("invoice_not_chargeable");
        assertThat(charge.getRejection().getMessage()).contains("is paid");

        // when part of it is refunded: the refund goes out and the invoice is held while it is in flight
        var refund = harness.send(CommandEnvelopes.command(
                "cmd_refund_old", SUB, refundAt, new RefundInvoice(FIRST_INVOICE, 4_000_000L)));
        assertThat(refund.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var request = single(harness.chainRequests).value();
        assertThat(request.getRequestId()).isEqualTo(FIRST_INVOICE + ":refund:1");
        assertThat(request.getPayload()).isEqualTo(new RefundRequest("0x" + "ab".repeat(32)));
        assertThat(harness.aggregates().get(SUB).getInvoices())
                .extracting(InvoiceSnapshot::getId)
                .contains(FIRST_INVOICE);

        // then its result refunds it, publishes invoice.refunded and the read model gets a newer snapshot of it
        var refunded = harness.send(CommandEnvelopes.settled(request, true));
        var snapshot = invoice(refunded, FIRST_INVOICE);
        assertThat(snapshot.getAmountRefundedMicros()).isEqualTo(4_000_000L);
        assertThat(snapshot.getStatus()).isEqualTo("paid");
        assertThat(snapshot.getVersion()).isEqualTo(subscription(refunded).getVersion());
        var event = single(harness.events).value();
        assertThat(event.getType()).isEqualTo("invoice.refunded");
        assertThat(event.getData().getInvoice().getId()).isEqualTo(FIRST_INVOICE);
        assertThat(harness.aggregates().get(SUB).getInvoices())
                .extracting(InvoiceSnapshot::getId)
                .as("settled again, it leaves again")
                .doesNotContain(FIRST_INVOICE);

        // and the rest of it can be refunded later: the refund numbers go on, the amount left is remembered
        harness.send(CommandEnvelopes.command(
                "cmd_refund_rest", SUB, refundAt.plusSeconds(60), new RefundInvoice(FIRST_INVOICE, null)));
        var rest = single(harness.chainRequests).value();
        assertThat(rest.getRequestId()).isEqualTo(FIRST_INVOICE + ":refund:2");
        assertThat(rest.getAmountMicros()).isEqualTo(9_990_000L - 4_000_000L);
        var fully = harness.send(CommandEnvelopes.settled(rest, true));
        assertThat(invoice(fully, FIRST_INVOICE).getStatus()).isEqualTo("refunded");

        // and another subscription's invoice is still no one's to refund here
        var foreign = harness.send(CommandEnvelopes.command(
                "cmd_refund_foreign",
                SUB,
                refundAt.plusSeconds(90),
                new RefundInvoice(OTHER_SUB.replace("sub_", "inv_"), null)));
        assertThat(foreign.getRejection().getCode()).isEqualTo("resource_missing");
    }

    @Test
    void shouldReopenAnInvoiceThatLeftTheAggregateWhenItsChargeLeavesTheChain() {
        // given a subscription renewed twice: the first renewal is settled and has left the aggregate
        var firstRenewal = renew();
        renew();
        harness.drain();
        assertThat(harness.aggregates().get(SUB).getInvoices())
                .extracting(InvoiceSnapshot::getId)
                .doesNotContain(firstRenewal);
        var txHash = "0x" + "ab".repeat(32);

        // when its charge is reorged out of the chain
        var reversed = harness.send(CommandEnvelopes.command(
                "cmd_reverse_old",
                SUB,
                Instant.parse("2027-04-30T10:00:00Z"),
                new ReverseCharge(firstRenewal, txHash, "84532:" + txHash + ":1")));

        // then it is open again, held by the aggregate, and the subscription is past due
        assertThat(invoice(reversed, firstRenewal).getStatus()).isEqualTo("open");
        assertThat(subscription(reversed).getStatus()).isEqualTo("past_due");
        assertThat(harness.aggregates().get(SUB).getInvoices())
                .extracting(InvoiceSnapshot::getId)
                .contains(firstRenewal);
    }

    /** One renewal as the scheduler and settlement drive it: renew at the period's end, then the charge succeeds. */
    private String renew() {
        var periodEnd = subscription(harness.aggregates().get(SUB)).getCurrentPeriodEnd();
        var commandId = Ids.derivedId(IdPrefix.COMMAND, periodEnd, SUB + ":" + periodEnd + ":renew");
        var renewed =
                harness.send(CommandEnvelopes.scheduled(commandId, SUB, periodEnd, new RenewSubscription(periodEnd)));
        assertThat(renewed.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        ChainRequest charge = single(harness.chainRequests).value();
        var paid = harness.send(CommandEnvelopes.settled(charge, true));
        assertThat(subscription(paid).getCurrentPeriodStart()).isEqualTo(periodEnd);
        harness.events.readRecordsToList();
        return charge.getInvoiceId();
    }

    /** The bytes of every changelog record written since the last call, whatever stores the topology has. */
    private long changelogBytes() {
        long bytes = 0;
        for (var topic : harness.driver.producedTopicNames()) {
            if (!topic.endsWith("-changelog")) {
                continue;
            }
            var out = changelogs.computeIfAbsent(
                    topic,
                    name -> harness.driver.createOutputTopic(
                            name, new ByteArrayDeserializer(), new ByteArrayDeserializer()));
            for (var record : out.readRecordsToList()) {
                bytes += record.key().length + (record.value() == null ? 0 : record.value().length);
            }
        }
        return bytes;
    }

    private static SubscriptionSnapshot subscription(SubscriptionAggregate aggregate) {
        return aggregate.getSubscription();
    }

    private static SubscriptionSnapshot subscription(Change change) {
        return (SubscriptionSnapshot) change.getSnapshots().getFirst();
    }

    private static InvoiceSnapshot invoice(Change change, String invoiceId) {
        return change.getSnapshots().stream()
                .filter(InvoiceSnapshot.class::isInstance)
                .map(InvoiceSnapshot.class::cast)
                .filter(i -> i.getId().equals(invoiceId))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no snapshot of " + invoiceId + " in " + change));
    }
}
