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
import io.abk.billing.schemas.avro.UsageQuantity;
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
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A subscription with metered items through the production topology, with the usage processor's answer fed by hand:
 * what it tells the usage processor on {@code billing.usage-commands} (keyed by its customer, as the customer's meter
 * events are) when it becomes active, renews, resumes and is canceled, and the renewal invoice its usage makes. A
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

    private TestOutputTopic<String, UsageCommand> usageCommands;
    private String settleCommandId;

    @BeforeEach
    void createActiveMeteredSubscription() {
        var usage = Topics.USAGE_COMMANDS;
        usageCommands = harness.driver.createOutputTopic(
                usage.name(Deployment.DEFAULT),
                usage.keySerde().deserializer(),
                usage.valueSerde().deserializer());
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

        // The renewal closes the period and waits: no invoice, no charge, nothing public.
        var renew = CommandEnvelopes.scheduled(RENEW_ID, SUB, RENEW_AT, new RenewSubscription(PERIOD_END));
        var closed = harness.send(renew);

        assertThat(closed.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(closed.getSnapshots()).hasSize(1);
        assertThat(closed.getEventIds()).isEmpty();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
        var close = single(usageCommands);
        assertThat(close.key()).isEqualTo(CUSTOMER_KEY);
        assertThat(close.value().getCommandId()).isEqualTo(RENEW_ID + ":usage");
        assertThat(close.value().getRequestedAt()).isEqualTo(RENEW_AT);
        assertThat(close.value().getPayload()).isEqualTo(new CloseUsagePeriod(SUB, CREATED_AT, PERIOD_END, NEXT_END));
        // Fired again under another id (after the id was forgotten): still waiting, nothing sent again.
        var again = harness.send(CommandEnvelopes.scheduled(
                "cmd_again", SUB, RENEW_AT.plusSeconds(5), new RenewSubscription(PERIOD_END)));
        assertThat(again.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(usageCommands.isEmpty()).isTrue();

        // The usage processor's answer, fed by hand: 1,234 calls and 150 GB.
        var recordId = RENEW_ID + ":usage:recorded";
        var recordedAt = RENEW_AT.plusSeconds(1);
        var renewed = harness.send(CommandEnvelopes.scheduled(
                recordId,
                SUB,
                recordedAt,
                new RecordUsage(
                        CREATED_AT,
                        PERIOD_END,
                        List.of(
                                new UsageQuantity(CommandEnvelopes.FLAT_ITEM_ID, "mtr_calls", 1_234L, 1_234L),
                                new UsageQuantity(CommandEnvelopes.TIERED_ITEM_ID, "mtr_storage", 150L, 12L)))));

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
                        tuple("usage", "api_call", 1_234L, 2_000L, 2_468_000L, CREATED_AT),
                        tuple("usage", "Storage (tiered)", 150L, 0L, 3_500_000L, CREATED_AT));
        assertThat(invoice.getAmountMicros()).isEqualTo(15_968_000L);
        assertThat(single(harness.events).value().getType()).isEqualTo("invoice.created");
        var request = single(harness.chainRequests).value();
        assertThat(request.getAmountMicros()).isEqualTo(15_968_000L);
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
        harness.send(CommandEnvelopes.scheduled(RENEW_ID, SUB, RENEW_AT, new RenewSubscription(PERIOD_END)));
        usageCommands.readRecordsToList();

        // 10 USDC of seats + 25,000 calls x 0.002 USDC = 60 USDC, above the 50 USDC the customer signed per period.
        var renewed = harness.send(CommandEnvelopes.scheduled(
                RENEW_ID + ":usage:recorded",
                SUB,
                RENEW_AT.plusSeconds(1),
                new RecordUsage(
                        CREATED_AT,
                        PERIOD_END,
                        List.of(new UsageQuantity(CommandEnvelopes.FLAT_ITEM_ID, "mtr_calls", 25_000L, 25_000L)))));

        var invoice = invoice(renewed);
        assertThat(invoice.getAmountMicros()).isEqualTo(60_000_000L);
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
