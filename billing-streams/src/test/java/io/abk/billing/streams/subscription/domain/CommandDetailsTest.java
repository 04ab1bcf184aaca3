package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionActivated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionBecameActive;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Pause;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The details of single commands the tables only touch: ids, trials, tenancy, what an update merges. */
class CommandDetailsTest {

    @Test
    void shouldMintDeterministicIdsWhenResumingFromPause() {
        var paused = Scenarios.paused();

        var first = (SubscriptionDecision.Accepted) Fixtures.decide(paused, Scenarios.resume());
        var again = (SubscriptionDecision.Accepted) Fixtures.decide(paused, Scenarios.resume());

        var invoiceId = Ids.derivedId(IdPrefix.INVOICE, LATER, "cmd_resume");
        var request = first.events().stream()
                .filter(ChargeRequested.class::isInstance)
                .map(ChargeRequested.class::cast)
                .findFirst()
                .orElseThrow();
        assertThat(request.settlement().requestId()).isEqualTo(invoiceId + ":1");
        assertThat(request.settlement().resultCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, LATER, "settle:" + invoiceId + ":1"));
        assertThat(request.sandboxMode()).isNull();
        assertThat(again).isEqualTo(first);
    }

    @Test
    void shouldPayZeroTrialInvoiceAtOnceWithoutSettlementWhenActivated() {
        var trialing = (Existing) Fixtures.created(Interval.MONTH, 14);

        var accepted = (SubscriptionDecision.Accepted) Fixtures.decide(trialing, Scenarios.activate());

        assertThat(accepted.events())
                .extracting(Object::getClass)
                .containsExactly(SubscriptionActivated.class, InvoicePaid.class, SubscriptionBecameActive.class);
        var after = (Existing) SubscriptionEvolver.evolveAll(trialing, accepted.events());
        var invoice = Scenarios.invoice(after, INVOICE_ID);
        assertThat(invoice.status()).isEqualTo(InvoiceStatus.PAID);
        assertThat(invoice.txHash()).isNull();
        assertThat(invoice.paidAt()).isEqualTo(LATER);
        assertThat(Statuses.name(after)).isEqualTo("active");
        assertThat(after.details().cycle()).isEqualTo(trialing.details().cycle());
    }

    @Test
    void shouldSetUpMandateWithoutChargingWhenFirstInvoiceWasVoided() {
        var voided = Scenarios.apply(Scenarios.incompletePending(), Scenarios.voidInvoice(INVOICE_ID));

        var accepted = (SubscriptionDecision.Accepted) Fixtures.decide(voided, Scenarios.activate());

        assertThat(accepted.events()).extracting(Object::getClass).containsExactly(SubscriptionActivated.class);
    }

    @Test
    void shouldPassMetadataOutcomeToSettlementWhenTheSystemCharges() {
        var withOutcome = Scenarios.apply(
                Scenarios.incompletePending(),
                Scenarios.update(null, null, Map.of("sandboxRenewalOutcome", "insufficient_balance")));

        var accepted = (SubscriptionDecision.Accepted) Fixtures.decide(withOutcome, Scenarios.activate());

        var request = (ChargeRequested) accepted.events().get(1);
        assertThat(request.sandboxDefaultOutcome()).isEqualTo("insufficient_balance");
        assertThat(request.settlement().amount()).isEqualTo(Fixtures.AMOUNT);
    }

    @Test
    void shouldMergeMetadataAndReanchorAtPeriodEndWhenIntervalChanges() {
        var active = Scenarios.active();
        var end = active.details().cycle().currentPeriod().end();

        var updated = Scenarios.apply(
                active,
                Scenarios.update(
                        UsdcAmount.ofMicros(5_000_000), Interval.YEAR, Map.of("customer", "", "tier", "gold")));

        var d = updated.details();
        assertThat(d.plan()).isEqualTo(new Plan(UsdcAmount.ofMicros(5_000_000), Interval.YEAR, "price_1", "plan_1"));
        assertThat(d.metadata()).isEqualTo(Map.of("tier", "gold"));
        assertThat(d.cycle().anchor()).isEqualTo(end);
        assertThat(d.cycle().currentPeriod()).isEqualTo(active.details().cycle().currentPeriod());
        // The current invoice keeps its amount.
        assertThat(Scenarios.invoice(updated, INVOICE_ID).amount()).isEqualTo(Fixtures.AMOUNT);
    }

    @Test
    void shouldAcceptWithoutEventsWhenUpdateChangesNothing() {
        var active = Scenarios.active();

        var decision = Fixtures.decide(
                active, Scenarios.update(Fixtures.AMOUNT, Interval.MONTH, Map.of("customer", "c-7", "absent", "")));

        assertThat(decision).isEqualTo(new SubscriptionDecision.Accepted(List.of()));
    }

    static Stream<SubscriptionInstruction> strangers() {
        var otherMerchant = new Tenant("mer_01other000000000000000000", Mode.TEST);
        var otherMode = new Tenant(TENANT.merchantId(), Mode.LIVE);
        return Stream.of(
                new Pause(SUBSCRIPTION_ID, otherMerchant, LATER),
                new Pause(SUBSCRIPTION_ID, otherMode, LATER),
                Scenarios.voidInvoice("inv_01unknown00000000000000000"),
                new SubscriptionInstruction.Refund(SUBSCRIPTION_ID, otherMerchant, LATER, INVOICE_ID, null));
    }

    @ParameterizedTest
    @MethodSource("strangers")
    void shouldAnswerResourceMissingWhenTheCallerIsNotTheOwnerOrTheInvoiceIsNotItsOwn(SubscriptionInstruction command) {
        var decision = Fixtures.decide(Scenarios.active(), command);

        assertThat(decision)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        r -> assertThat(r.reason().code()).isEqualTo("resource_missing"));
    }

    @Test
    void shouldAnswerResourceMissingWhenNoSubscriptionExists() {
        var decision = Fixtures.decide(new Absent(), Scenarios.activate());

        assertThat(decision)
                .isEqualTo(new SubscriptionDecision.Rejected(
                        SubscriptionRejection.RESOURCE_MISSING, "No such subscription: " + SUBSCRIPTION_ID));
    }
}
