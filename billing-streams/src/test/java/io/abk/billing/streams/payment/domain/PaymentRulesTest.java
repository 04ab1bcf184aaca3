package io.abk.billing.streams.payment.domain;

import static io.abk.billing.streams.payment.domain.PaymentFixtures.AMOUNT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.EXPIRES_AT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.LATER;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.NOW;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.PAYMENT_ID;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TENANT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TX_HASH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentDecision.Rejected;
import io.abk.billing.streams.payment.domain.PaymentEvent.LinkConversionReported;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Confirm;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.payment.domain.VerificationResult.Verified;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The payment rules that need more than one step: expiry and paidLate, verification numbering, link conversions. */
class PaymentRulesTest {

    @Test
    void shouldExpireAfterTheConfiguredDurationWhenThePolicyIsNotTheDefault() {
        var decision = (Accepted) PaymentDecider.decide(
                new Absent(), PaymentFixtures.create(), new PaymentPolicy(Duration.ofMinutes(30)));

        var created = (PaymentState.Existing) PaymentEvolver.evolveAll(new Absent(), decision.events());
        assertThat(created.details().expiresAt()).isEqualTo(NOW.plus(Duration.ofMinutes(30)));
        assertThatThrownBy(() -> new PaymentPolicy(Duration.ZERO)).hasMessageContaining("positive");
        assertThatThrownBy(() -> new PaymentPolicy(Duration.ofNanos(1_500_000))).hasMessageContaining("milliseconds");
    }

    @Test
    void shouldExpireAnOpenPaymentWhenTheExpiryIsExactlyDue() {
        var expired = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.expire(EXPIRES_AT));
        var notYet = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.expire(EXPIRES_AT.minusMillis(1)));

        assertThat(expired.status()).isEqualTo("expired");
        assertThat(notYet.status()).isEqualTo("open");
    }

    @Test
    void shouldPayLateWhenTheTransferIsVerifiedAfterTheExpiryButBeforeTheSchedulerExpiredIt() {
        var verifying =
                PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.confirm(EXPIRES_AT.plusSeconds(5)));

        var paid = (Paid) PaymentFixtures.apply(verifying, PaymentFixtures.verified(verifying));

        assertThat(paid.receipt().paidLate()).isTrue();
        assertThat(paid.receipt().paidAt()).isEqualTo(EXPIRES_AT.plusSeconds(5));
    }

    @Test
    void shouldPayOnTimeWhenTheTransferIsVerifiedExactlyAtTheExpiry() {
        var verifying = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.confirm(EXPIRES_AT));

        var paid = (Paid) PaymentFixtures.apply(verifying, PaymentFixtures.verified(verifying));

        assertThat(paid.receipt().paidLate()).isFalse();
    }

    @Test
    void shouldPayLateWhenAnExpiredPaymentIsVerifiedWithAVerificationAskedBeforeItExpired() {
        // Confirmed in time; the scheduler's expiry overtook the answer. The payment was expired when paid.
        var verifying = PaymentFixtures.openVerifying();
        var expired = PaymentFixtures.apply(verifying, PaymentFixtures.expire(EXPIRES_AT));

        var paid = (Paid) PaymentFixtures.apply(expired, PaymentFixtures.verified(expired));

        assertThat(paid.receipt().paidAt()).isEqualTo(LATER);
        assertThat(paid.receipt().paidLate()).isTrue();
    }

    @Test
    void shouldNumberVerificationsAndRefuseTheOldAnswerWhenASecondConfirmFollowsAFailure() {
        var first = PaymentFixtures.openVerifying();
        var oldAnswer = PaymentFixtures.refused(first);
        var afterFailure = PaymentFixtures.apply(first, oldAnswer);

        var second = (Accepted)
                PaymentFixtures.decide(afterFailure, new Confirm(PAYMENT_ID, TENANT, LATER.plusSeconds(9), null));
        var verifying =
                PaymentFixtures.apply(afterFailure, new Confirm(PAYMENT_ID, TENANT, LATER.plusSeconds(9), null));

        var inFlight = PaymentFixtures.inFlight(verifying);
        assertThat(inFlight.requestId()).isEqualTo(PAYMENT_ID + ":verify:2");
        assertThat(inFlight.txHash()).isNull();
        assertThat(inFlight.resultCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, LATER.plusSeconds(9), "settle:" + PAYMENT_ID + ":verify:2"))
                .isEqualTo(second.followUpCommandId())
                .isNotEqualTo(PaymentFixtures.inFlight(first).resultCommandId());
        // The first verification's answer, repeated now, answers nothing in flight.
        assertThat(PaymentFixtures.decide(verifying, oldAnswer))
                .isInstanceOfSatisfying(
                        Rejected.class,
                        rejected -> assertThat(rejected.reason()).isEqualTo(PaymentRejection.SETTLEMENT_UNKNOWN));
    }

    @Test
    void shouldRecordAnOverpaymentAsReceivedWhenTheTransferMovedMoreThanTheAmount() {
        var verifying = PaymentFixtures.openVerifying();
        var inFlight = PaymentFixtures.inFlight(verifying);
        var more = UsdcAmount.ofMicros(AMOUNT.micros() + 1);

        var paid = (Paid) PaymentFixtures.apply(
                verifying,
                new Settle(
                        PAYMENT_ID, TENANT, inFlight.requestedAt(), inFlight.requestId(), new Verified(TX_HASH, more)));

        assertThat(paid.receipt().amountReceived()).isEqualTo(more);
    }

    @Test
    void shouldReportTheConversionToItsLinkWhenAPaymentALinkMintedIsPaid() {
        var linkId = "plink_01jjjjjjjjjjjjjjjjjjjjjjjj";
        var open =
                PaymentFixtures.apply(new Absent(), new Create(PAYMENT_ID, TENANT, NOW, PaymentFixtures.terms(linkId)));
        var verifying = PaymentFixtures.apply(open, PaymentFixtures.confirm(LATER));

        var decision = (Accepted) PaymentFixtures.decide(verifying, PaymentFixtures.verified(verifying));

        assertThat(decision.events())
                .last()
                .isEqualTo(new LinkConversionReported(new LinkConversion(linkId, PAYMENT_ID, true, LATER)));
        var after = PaymentEvolver.evolveAll(verifying, decision.events());
        assertThat(after).isInstanceOf(Paid.class);
    }

    @Test
    void shouldReportNoConversionWhenThePaidPaymentHasNoLink() {
        var verifying = PaymentFixtures.openVerifying();

        var decision = (Accepted) PaymentFixtures.decide(verifying, PaymentFixtures.verified(verifying));

        assertThat(decision.events()).noneMatch(LinkConversionReported.class::isInstance);
    }

    @Test
    void shouldAnswerConfirmWithoutANewVerificationWhenPaidAlready() {
        // Confirm twice: the second sees the payment paid and asks the chain nothing (the gateway says alreadyPaid).
        var decision = (Accepted)
                PaymentFixtures.decide(PaymentFixtures.paid(), PaymentFixtures.confirm(PaymentFixtures.AFTER_EXPIRY));

        assertThat(decision.events()).isEmpty();
        assertThat(decision.followUpCommandId()).isNull();
    }
}
