package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CloseUsagePeriod;
import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PauseSubscription;
import io.abk.billing.schemas.avro.RecordUsage;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.ResumeSubscription;
import io.abk.billing.schemas.avro.StopUsage;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.TrackUsage;
import io.abk.billing.schemas.avro.TrackedItem;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A subscription with metered items through the production topology, the usage processor included: what it tells
 * the usage processor on {@code billing.usage-commands} (keyed by its customer, as the customer's meter events are)
 * when it becomes active, renews, resumes and is canceled, and the renewal invoice the usage the processor counted
 * from the customer's meter events makes. A
 * monthly subscription created on Jan 31 2027 (10 USDC of seats, API calls and tiered storage metered, at most
 * 50 USDC per period): its first period ends Feb 28, the next one Mar 31.
 */
class UsageTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2027-01-31T09:30:00Z");
    private static final Instant PERIOD_END = Instant.parse("2027-02-28T09:30:00Z");
    private static final Instant NEXT_END = Instant.parse("2027-03-31T09:30:00Z");
    /** The renewal fires an hour after the period's end, the scheduler's default grace for late usage. */
    private static final Instant RENEW_AT = PERIOD_END.plus(Duration.ofHours(1));

    private static final String SUB = "sub_01jvqz000000000000000000us";
    private static final String RENEW_ID = Ids.derivedId(IdPrefix.COMMAND, RENEW_AT, SUB + ":" + PERIOD_END + ":renew");
    private static final String WALLET = "0x1111111111111111111111111111111111111111";
    private static final String CUSTOMER_KEY = MeterEvents.key(
            CommandEnvelopes.MERCHANT_ID, "test", CustomerIds.of(CommandEnvelopes.MERCHANT_ID, "test", WALLET));

    private static final String CUSTOMER_ID = CustomerIds.of(CommandEnvelopes.MERCHANT_ID, "test", WALLET);

    private TestOutputTopic<String, UsageCommand> usageCommands;
    private TestInputTopic<String, MeterEvent> meterEvents;
    private String settleCommandId;

    @BeforeEach
    void createActiveMeteredSubscription() {
        var usage = Topics.USAGE_COMMANDS;
        usageCommands = harness.driver.createOutputTopic(
                usage.name(Deployment.DEFAULT),
                usage.keySerde().deserializer(),
                usage.valueSerde().deserializer());
        meterEvents = harness.driver.createInputTopic(
                Topics.METER_EVENTS.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.METER_EVENTS.valueSerde().serializer());
        harness.send(CommandEnvelopes.metered("cmd_create", SUB, CREATED_AT));
        harness.send(CommandEnvelopes.command("cmd_act", SUB, CREATED_AT, new ActivateSubscription("9")));
        var charge = single(harness.chainRequests).value();
        assertThat(charge.getAmountMicros())
                .as("the first invoice bills the seats only")
                .isEqualTo(10_000_000L);
        assertThat(usageCommands.isEmpty())
                .as("nothing tracked before it is active")
                .isTrue();
        var settle = CommandEnvelopes.settled(charge, true);
        settleCommandId = settle.getCommandId();
        harness.send(settle);
    }

    @Test
    void shouldTrackWhenActiveThenCloseAtRenewalAndInvoiceTheUsageWhenRecorded() {
        var tracked = single(usageCommands);
        assertThat(tracked.key()).isEqualTo(CUSTOMER_KEY);
        assertThat(tracked.value().getCommandId()).isEqualTo(settleCommandId + ":usage");
        assertThat(tracked.value().getPayload())
                .isEqualTo(new TrackUsage(
                        SUB,
                        List.of(
                                new TrackedItem(CommandEnvelopes.FLAT_ITEM_ID, "mtr_calls", "api_call", "count"),
                                new TrackedItem(CommandEnvelopes.TIERED_ITEM_ID, "mtr_storage", "storage_gb", "max")),
                        CREATED_AT,
                        PERIOD_END));
        harness.drain();

        // The customer's usage: 34 calls (one of them sent twice) and storage peaking at 150 GB.
        for (int i = 0; i < 34; i++) {
            meter("api_call", "call_" + i, CREATED_AT.plusSeconds(i), 1);
        }
        meter("api_call", "call_7", CREATED_AT.plusSeconds(7), 1);
        for (int i = 0; i < 12; i++) {
            meter("storage_gb", "gb_" + i, CREATED_AT.plus(Duration.ofDays(i)), i == 5 ? 150 : 100 + i);
        }

        // The renewal closes the period and waits; the usage processor answers at once with what it counted.
        var renew = CommandEnvelopes.scheduled(RENEW_ID, SUB, RENEW_AT, new RenewSubscription(PERIOD_END));
        harness.commands.pipeInput(SUB, renew);
        var changes = harness.changes.readValuesToList();
        assertThat(changes).hasSize(2);
        var closed = changes.get(0);
        assertThat(closed.getCommandId()).isEqualTo(RENEW_ID);
        assertThat(closed.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(closed.getSnapshots()).hasSize(1);
        assertThat(closed.getEventIds()).isEmpty();
        var close = single(usageCommands);
        assertThat(close.key()).isEqualTo(CUSTOMER_KEY);
        assertThat(close.value().getCommandId()).isEqualTo(RENEW_ID + ":usage");
        assertThat(close.value().getRequestedAt()).isEqualTo(RENEW_AT);
        assertThat(close.value().getPayload()).isEqualTo(new CloseUsagePeriod(SUB, CREATED_AT, PERIOD_END, NEXT_END));

        var recordId = RENEW_ID + ":usage:recorded";
        var recordedAt = RENEW_AT;
        var renewed = changes.get(1);
        assertThat(renewed.getCommandId()).isEqualTo(recordId);
        var invoice = invoice(renewed);
        assertThat(invoice.getId()).isEqualTo(Ids.derivedId(IdPrefix.INVOICE, recordedAt, recordId));
        assertThat(invoice.getBillingReason()).isEqualTo("subscription_cycle");
        assertThat(invoice.getPeriodStart()).isEqualTo(PERIOD_END);
        assertThat(invoice.getPeriodEnd()).isEqualTo(NEXT_END);
        assertThat(invoice.getLines())
                .extracting(
                        InvoiceLineSnapshot::getKind,
                        InvoiceLineSnapshot::getDescription,
                        InvoiceLineSnapshot::getQuantity,
                        InvoiceLineSnapshot::getUnitAmountMicros,
                        InvoiceLineSnapshot::getAmountMicros,
                        InvoiceLineSnapshot::getPeriodStart)
                .containsExactly(
                        tuple("subscription", "10 USDC per month", 1L, 10_000_000L, 10_000_000L, PERIOD_END),
                        tuple("usage", "api_call", 34L, 2_000L, 68_000L, CREATED_AT),
                        tuple("usage", "Storage (tiered)", 150L, 0L, 3_500_000L, CREATED_AT));
        assertThat(invoice.getAmountMicros()).isEqualTo(13_568_000L);
        assertThat(single(harness.events).value().getType()).isEqualTo("invoice.created");
        var request = single(harness.chainRequests).value();
        assertThat(request.getAmountMicros()).isEqualTo(13_568_000L);
        assertThat(renewed.getFollowUpCommandId()).isEqualTo(request.getResultCommandId());
        assertThat(usageCommands.isEmpty()).isTrue();

        // Paid: the period moves on as any renewal's; the usage processor moved at the close already.
        var paid = harness.send(CommandEnvelopes.settled(request, true));
        assertThat(subscription(paid).getCurrentPeriodEnd()).isEqualTo(NEXT_END);
        assertThat(usageCommands.isEmpty()).isTrue();

        // A RecordUsage nothing waits for (sent again): accepted, changes nothing.
        var stale = harness.send(CommandEnvelopes.scheduled(
                "cmd_late", SUB, recordedAt.plusSeconds(60), new RecordUsage(CREATED_AT, PERIOD_END, List.of())));
        assertThat(stale.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(stale.getSnapshots()).hasSize(1);
        harness.drain();

        var canceled = harness.send(
                CommandEnvelopes.command("cmd_cancel", SUB, recordedAt.plusSeconds(120), new CancelSubscription(true)));
        assertThat(subscription(canceled).getStatus()).isEqualTo("canceled");
        var stop = single(usageCommands);
        assertThat(stop.key()).isEqualTo(CUSTOMER_KEY);
        assertThat(stop.value().getCommandId()).isEqualTo("cmd_cancel:usage");
        assertThat(stop.value().getPayload()).isEqualTo(new StopUsage(SUB));
    }

    @Test
    void shouldLeaveTheRenewalOpenAndSayWhyWhenItsUsageExceedsTheMaximumPerPeriod() {
        harness.drain();
        usageCommands.readRecordsToList();
        // 10 USDC of seats + 1,000 GB of storage (1 USDC + 900 GB x 0.05 USDC past the free 100) = 56 USDC, above the
        // 50 USDC the customer signed per period.
        meter("storage_gb", "gb_peak", CREATED_AT.plus(Duration.ofDays(2)), 1_000);
        harness.commands.pipeInput(
                SUB, CommandEnvelopes.scheduled(RENEW_ID, SUB, RENEW_AT, new RenewSubscription(PERIOD_END)));
        usageCommands.readRecordsToList();
        var changes = harness.changes.readValuesToList();
        assertThat(changes).hasSize(2);
        var renewed = changes.get(1);

        var invoice = invoice(renewed);
        assertThat(invoice.getAmountMicros()).isEqualTo(56_000_000L);
        assertThat(invoice.getStatus()).isEqualTo("open");
        assertThat(invoice.getAttemptCount()).isZero();
        var events = harness.events.readValuesToList();
        assertThat(events)
                .extracting(event -> event.getType())
                .containsExactly("invoice.created", "invoice.payment_failed");
        assertThat(events.get(1).getData().getFailureCode()).isEqualTo("amount_exceeds_mandate");
        assertThat(harness.chainRequests.isEmpty())
                .as("the vault would refuse it: not sent")
                .isTrue();
    }

    @Test
    void shouldTrackTheNewPeriodWhenResumed() {
        usageCommands.readRecordsToList();
        var pausedAt = CREATED_AT.plus(Duration.ofDays(3));
        harness.send(CommandEnvelopes.command("cmd_pause", SUB, pausedAt, new PauseSubscription()));
        assertThat(usageCommands.isEmpty()).as("a pause stops nothing").isTrue();
        var resumedAt = CREATED_AT.plus(Duration.ofDays(10));

        var resumed = harness.send(CommandEnvelopes.command("cmd_resume", SUB, resumedAt, new ResumeSubscription()));

        assertThat(subscription(resumed).getStatus()).isEqualTo("active");
        var track = single(usageCommands).value();
        assertThat(track.getCommandId()).isEqualTo("cmd_resume:usage");
        var payload = (TrackUsage) track.getPayload();
        assertThat(payload.getPeriodStart()).isEqualTo(resumedAt);
        assertThat(payload.getPeriodEnd()).isEqualTo(subscription(resumed).getCurrentPeriodEnd());
        assertThat(payload.getItems()).hasSize(2);
    }

    @Test
    void shouldTellTheUsageProcessorNothingWhenTheSubscriptionHasNoMeteredItem() {
        usageCommands.readRecordsToList();
        var plain = "sub_01jvqz00000000000000000pln";
        harness.send(CommandEnvelopes.create("cmd_create_plain", plain, CREATED_AT));
        harness.send(CommandEnvelopes.command("cmd_act_plain", plain, CREATED_AT, new ActivateSubscription("10")));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));

        harness.send(
                CommandEnvelopes.scheduled("cmd_renew_plain", plain, PERIOD_END, new RenewSubscription(PERIOD_END)));
        harness.send(CommandEnvelopes.command("cmd_cancel_plain", plain, PERIOD_END, new CancelSubscription(true)));

        assertThat(usageCommands.isEmpty()).isTrue();
    }

    /** One meter event of the subscription's customer, arriving an hour after it happened. */
    private void meter(String eventName, String identifier, Instant timestamp, long value) {
        meterEvents.pipeInput(
                CUSTOMER_KEY,
                new MeterEvent(
                        CommandEnvelopes.MERCHANT_ID,
                        Mode.TEST,
                        CUSTOMER_ID,
                        eventName,
                        identifier,
                        timestamp,
                        value,
                        timestamp.plus(Duration.ofHours(1))),
                timestamp.plus(Duration.ofHours(1)));
    }

    private static SubscriptionSnapshot subscription(Change change) {
        return (SubscriptionSnapshot) change.getSnapshots().getFirst();
    }

    private static InvoiceSnapshot invoice(Change change) {
        return change.getSnapshots().stream()
                .filter(InvoiceSnapshot.class::isInstance)
                .map(InvoiceSnapshot.class::cast)
                .findFirst()
                .orElseThrow();
    }
}
