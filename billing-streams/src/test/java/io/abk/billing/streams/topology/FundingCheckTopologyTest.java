package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.CheckFundings;
import io.abk.billing.schemas.avro.Funding;
import io.abk.billing.schemas.avro.FundingCheckRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SettleRequests;
import io.abk.billing.schemas.avro.SettlementItem;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.UpcomingInvoice;
import io.abk.billing.schemas.avro.UpdateSubscription;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The funding check before a renewal through the production topology: the scheduler's CheckFunding sends one
 * read-only FundingCheckRequest to chain-indexer (a second for the same renewal sends nothing), and its answer
 * announces the renewal as {@code invoice.upcoming} with the wallet's figures and the portal's link, plus
 * {@code subscription.allowance_low} when the allowance covers fewer than two more renewals; an answer applies once,
 * and one for a subscription canceled meanwhile announces nothing.
 */
class FundingCheckTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant PERIOD_END =
            CREATED_AT.atZone(ZoneOffset.UTC).plusMonths(1).toInstant();
    private static final Instant CHECK_AT = PERIOD_END.minus(Duration.ofDays(3));
    private static final String SUB = "sub_01jvqz00000000000000000fc0";
    private static final String REQUEST_ID = SUB + ":funding:" + PERIOD_END.getEpochSecond();
    private static final String RESULT_COMMAND_ID = Ids.derivedId(IdPrefix.COMMAND, CHECK_AT, "settle:" + REQUEST_ID);

    @BeforeEach
    void createActive() {
        createActiveSubscription(SUB, CREATED_AT);
    }

    @Test
    void shouldAnnounceTheRenewalWithTheWalletsFiguresAndWarnOfALowAllowanceWhenTheChainAnswers() {
        var checked =
                harness.send(CommandEnvelopes.scheduled("cmd_check", SUB, CHECK_AT, new CheckFunding(PERIOD_END)));

        assertThat(checked.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(checked.getFollowUpCommandId()).isEqualTo(RESULT_COMMAND_ID);
        assertThat(harness.events.isEmpty()).as("nothing public yet").isTrue();
        var request = single(harness.chainRequests);
        assertThat(request.key()).isEqualTo(SUB);
        assertThat(request.value())
                .isEqualTo(ChainRequest.newBuilder()
                        .setRequestId(REQUEST_ID)
                        .setResultCommandId(RESULT_COMMAND_ID)
                        .setSubscriptionId(SUB)
                        .setInvoiceId(null)
                        .setMerchantId(CommandEnvelopes.MERCHANT_ID)
                        .setMode(Mode.TEST)
                        .setRequestedAt(CHECK_AT)
                        .setAmountMicros(9_990_000)
                        .setWalletAddress("0x1111111111111111111111111111111111111111")
                        .setPayoutAddress("0x2222222222222222222222222222222222222222")
                        .setOnChainSubscriptionId("77")
                        .setPayload(new FundingCheckRequest(PERIOD_END, null))
                        .build());

        var again =
                harness.send(CommandEnvelopes.scheduled("cmd_check_2", SUB, CHECK_AT, new CheckFunding(PERIOD_END)));
        assertThat(again.getOutcome()).as("the same renewal is checked once").isEqualTo(Outcome.ACCEPTED);
        assertThat(harness.chainRequests.isEmpty()).isTrue();

        var answer = new SettleFundingCheck(REQUEST_ID, true, 4_000_000L, 15_000_000L, null, 1234L, null);
        var settled = harness.send(CommandEnvelopes.command(RESULT_COMMAND_ID, SUB, CHECK_AT, answer));

        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var events = harness.events.readValuesToList();
        assertThat(events)
                .extracting(BillingEvent::getType)
                .containsExactly("invoice.upcoming", "subscription.allowance_low");
        var funding = new Funding(9_990_000L, 4_000_000L, 15_000_000L, null, 1234L);
        var portalUrl = "http://localhost:8080/portal/sign-in?merchant=" + CommandEnvelopes.MERCHANT_ID + "&mode=test";
        var upcoming = events.getFirst().getData();
        assertThat(upcoming.getUpcomingInvoice())
                .isEqualTo(new UpcomingInvoice(
                        9_990_000L,
                        PERIOD_END,
                        PERIOD_END.atZone(ZoneOffset.UTC).plusMonths(1).toInstant(),
                        PERIOD_END));
        assertThat(upcoming.getFunding()).isEqualTo(funding);
        assertThat(upcoming.getPortalUrl()).isEqualTo(portalUrl);
        assertThat(upcoming.getSubscription().getId()).isEqualTo(SUB);
        assertThat(upcoming.getInvoice())
                .as("the renewal invoice does not exist yet")
                .isNull();
        var low = events.get(1).getData();
        assertThat(low.getFunding()).isEqualTo(funding);
        assertThat(low.getPortalUrl()).isEqualTo(portalUrl);
        assertThat(((SubscriptionSnapshot) settled.getSnapshots().getFirst()).getStatus())
                .as("a check changes no status")
                .isEqualTo("active");

        var twice = harness.send(CommandEnvelopes.command(RESULT_COMMAND_ID + "x", SUB, CHECK_AT, answer));
        assertThat(twice.getRejection().getCode()).isEqualTo("settlement_unknown");
        assertThat(harness.events.isEmpty()).isTrue();
    }

    @Test
    void shouldCheckEachSubscriptionOfABatchAsItsOwnCommandAndOnlyOnceWhenTheBatchComesAgain() {
        var other = "sub_01jvqz00000000000000000fc1";
        harness.send(CommandEnvelopes.create("cmd_create_other", other, CREATED_AT));
        harness.send(CommandEnvelopes.command("cmd_act_other", other, CREATED_AT, new ActivateSubscription("78")));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        harness.drain();
        var otherRequestId = other + ":funding:" + PERIOD_END.getEpochSecond();
        var batch = CommandEnvelopes.scheduled(
                "funding-checks:cmd_check",
                SUB,
                CHECK_AT,
                new CheckFundings(List.of(check("cmd_check", SUB), check("cmd_check_other", other))));

        harness.commands.pipeInput(SUB, batch);

        assertThat(harness.changes.readValuesToList())
                .extracting(Change::getCommandId, Change::getOutcome, Change::getFollowUpCommandId)
                .containsExactly(
                        tuple("cmd_check", Outcome.ACCEPTED, RESULT_COMMAND_ID),
                        tuple(
                                "cmd_check_other",
                                Outcome.ACCEPTED,
                                Ids.derivedId(IdPrefix.COMMAND, CHECK_AT, "settle:" + otherRequestId)));
        // The two checks go to the chain side as one request, each with its own ids
        var sent = single(harness.chainRequests);
        assertThat(sent.key()).isEqualTo(SUB);
        var requests = ((ChainRequestBatch) sent.value().getPayload()).getRequests();
        assertThat(requests).extracting(ChainRequest::getRequestId).containsExactly(REQUEST_ID, otherRequestId);

        // The scheduler fires the batch again after a crash: each check was made once.
        harness.commands.pipeInput(SUB, batch);
        assertThat(harness.changes.isEmpty()).isTrue();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
        assertThat(harness.deadLetters.isEmpty()).isTrue();

        // Settlement answers both in one command: each subscription announces its renewal.
        var answers = requests.stream()
                .map(request -> new SettlementItem(
                        request.getResultCommandId(),
                        request.getSubscriptionId(),
                        request.getMerchantId(),
                        request.getMode(),
                        request.getRequestedAt(),
                        new SettleFundingCheck(request.getRequestId(), true, null, null, null, null, null)))
                .toList();
        harness.commands.pipeInput(
                SUB,
                CommandEnvelopes.scheduled(
                        "settlements:" + RESULT_COMMAND_ID, SUB, CHECK_AT, new SettleRequests(answers)));
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType, BillingEvent::getAggregateId)
                .containsExactly(tuple("invoice.upcoming", SUB), tuple("invoice.upcoming", other));
    }

    private static RenewalItem check(String commandId, String subscriptionId) {
        return RenewalItem.newBuilder()
                .setCommandId(commandId)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(CommandEnvelopes.MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(CHECK_AT)
                .setPeriodEnd(PERIOD_END)
                .build();
    }

    @Test
    void shouldAnnounceWithoutFiguresAndWarnOfNothingWhenTheChainCouldNotBeReadOrTheAllowanceIsAmple() {
        harness.send(CommandEnvelopes.scheduled("cmd_check", SUB, CHECK_AT, new CheckFunding(PERIOD_END)));
        harness.drain();

        harness.send(CommandEnvelopes.command(
                RESULT_COMMAND_ID,
                SUB,
                CHECK_AT,
                new SettleFundingCheck(REQUEST_ID, false, null, null, null, null, "The chain did not answer")));

        var upcoming = single(harness.events).value();
        assertThat(upcoming.getType()).isEqualTo("invoice.upcoming");
        assertThat(upcoming.getData().getFunding()).isNull();
        assertThat(upcoming.getData().getUpcomingInvoice().getAmountMicros()).isEqualTo(9_990_000L);
    }

    @Test
    void shouldOnlyRecordTheAnswerWhenTheSubscriptionWasCanceledMeanwhile() {
        harness.send(CommandEnvelopes.scheduled("cmd_check", SUB, CHECK_AT, new CheckFunding(PERIOD_END)));
        harness.send(CommandEnvelopes.command("cmd_cancel", SUB, CHECK_AT, new CancelSubscription(true)));
        harness.drain();

        var settled = harness.send(CommandEnvelopes.command(
                RESULT_COMMAND_ID,
                SUB,
                CHECK_AT,
                new SettleFundingCheck(REQUEST_ID, true, 0L, Long.MAX_VALUE, null, 99L, null)));

        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(harness.events.isEmpty()).isTrue();
    }

    @Test
    void shouldStillAnnounceTheRenewalWhenItWasChargedBeforeTheChainAnswered() {
        // A test clock's jump fires the check and the renewal together; the charge may settle first.
        harness.send(CommandEnvelopes.scheduled("cmd_check", SUB, CHECK_AT, new CheckFunding(PERIOD_END)));
        harness.drain();
        harness.send(CommandEnvelopes.scheduled("cmd_renew", SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        harness.drain();

        harness.send(CommandEnvelopes.command(
                RESULT_COMMAND_ID,
                SUB,
                CHECK_AT,
                new SettleFundingCheck(REQUEST_ID, true, 50_000_000L, 50_000_000L, null, 5L, null)));

        var upcoming = single(harness.events).value();
        assertThat(upcoming.getType()).isEqualTo("invoice.upcoming");
        assertThat(upcoming.getCreatedAt()).as("stamped with the check's time").isEqualTo(CHECK_AT);
        assertThat(upcoming.getData().getUpcomingInvoice().getPeriodStart()).isEqualTo(PERIOD_END);
    }

    @Test
    void shouldRefuseAnAmountAboveTheMandateAndSayWhereTheCustomerManagesIt() {
        var raised = harness.send(CommandEnvelopes.command(
                "cmd_raise",
                SUB,
                CHECK_AT,
                UpdateSubscription.newBuilder().setAmountMicros(20_000_000L).build()));

        assertThat(raised.getOutcome()).isEqualTo(Outcome.REJECTED);
        assertThat(raised.getRejection().getCode()).isEqualTo("amount_above_mandate");
        assertThat(raised.getRejection().getMessage())
                .contains("at most 9.99 USDC per period")
                .contains(
                        "http://localhost:8080/portal/sign-in?merchant=" + CommandEnvelopes.MERCHANT_ID + "&mode=test");

        var lowered = harness.send(CommandEnvelopes.command(
                "cmd_lower",
                SUB,
                CHECK_AT,
                UpdateSubscription.newBuilder().setAmountMicros(5_000_000L).build()));
        assertThat(lowered.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var back = harness.send(CommandEnvelopes.command(
                "cmd_back",
                SUB,
                CHECK_AT,
                UpdateSubscription.newBuilder().setAmountMicros(9_990_000L).build()));
        assertThat(back.getOutcome()).as("back up to what was signed").isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void shouldCheckNothingWhenThePeriodHasMovedOnOrTheSubscriptionIsSetToCancel() {
        var stale = harness.send(CommandEnvelopes.scheduled(
                "cmd_stale", SUB, CHECK_AT, new CheckFunding(PERIOD_END.minus(Duration.ofDays(30)))));
        assertThat(stale.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(harness.chainRequests.isEmpty()).isTrue();

        harness.send(CommandEnvelopes.command("cmd_cancel", SUB, CHECK_AT, new CancelSubscription(false)));
        harness.drain();
        harness.send(CommandEnvelopes.scheduled("cmd_check", SUB, CHECK_AT, new CheckFunding(PERIOD_END)));
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }
}
