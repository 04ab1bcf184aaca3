package io.abk.billing.streams.payment.domain;

import static io.abk.billing.streams.payment.domain.PaymentFixtures.AFTER_EXPIRY;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.AMOUNT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.CHAIN_TX_HASH;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.EXPIRES_AT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.LATER;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.NOW;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.PAYMENT_ID;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentEvent.LinkConversionReported;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentExpired;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentReopened;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationClosed;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Transfers the chain side matched by itself and their retractions, over more than one step. */
class ChainPaymentRulesTest {

    @Test
    void shouldCloseTheVerificationAndKeepTheChainReceiptWhenTheConfirmsAnswerArrivesAfterTheChainPaidIt() {
        // Protects against "paid again": the customer confirmed with a hash, the indexer matched the transfer first.
        var verifying = PaymentFixtures.openVerifying();
        var paid = (Paid) PaymentFixtures.apply(verifying, PaymentFixtures.payFromChain(LATER.plusSeconds(30)));
        assertThat(PaymentFixtures.inFlight(paid)).isEqualTo(PaymentFixtures.inFlight(verifying));

        var answer = (Accepted) PaymentFixtures.decide(paid, PaymentFixtures.verified(paid));

        assertThat(answer.events()).containsExactly(new VerificationClosed(PAYMENT_ID + ":verify:1"));
        assertThat(answer.followUpCommandId()).isNull();
        var after = (Paid) PaymentEvolver.evolveAll(paid, answer.events());
        assertThat(after.receipt()).isEqualTo(new Receipt(LATER.plusSeconds(30), CHAIN_TX_HASH, AMOUNT, false));
        assertThat(after.details().verifications()).isEqualTo(new Verifications(null, 1));
    }

    @Test
    void shouldPayLateWhenTheTransferIsMatchedAfterTheExpiryBeforeTheSchedulerExpiredIt() {
        var paid = (Paid) PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.payFromChain(AFTER_EXPIRY));

        assertThat(paid.receipt()).isEqualTo(new Receipt(AFTER_EXPIRY, CHAIN_TX_HASH, AMOUNT, true));
    }

    @Test
    void shouldReportTheConversionToItsLinkWhenALinkMintedPaymentIsPaidFromChain() {
        var linkId = "plink_01jjjjjjjjjjjjjjjjjjjjjjjj";
        var open =
                PaymentFixtures.apply(new Absent(), new Create(PAYMENT_ID, TENANT, NOW, PaymentFixtures.terms(linkId)));

        var decision = (Accepted) PaymentFixtures.decide(open, PaymentFixtures.payFromChain(LATER));

        assertThat(decision.events()).hasSize(2).first().isInstanceOf(PaymentPaid.class);
        assertThat(decision.events())
                .last()
                .isEqualTo(new LinkConversionReported(new LinkConversion(linkId, PAYMENT_ID, true, LATER)));
    }

    @Test
    void shouldReopenWithTheReasonWhenTheTransferThatPaidItIsRetracted() {
        var paid = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.payFromChain(LATER));

        var decision =
                (Accepted) PaymentFixtures.decide(paid, PaymentFixtures.reverse(LATER.plusSeconds(90), CHAIN_TX_HASH));

        assertThat(decision.events())
                .containsExactly(new PaymentReopened(
                        CHAIN_TX_HASH,
                        "TRANSFER_REVERSED",
                        "The transfer " + CHAIN_TX_HASH + " that paid payment " + PAYMENT_ID
                                + " is no longer on the chain (reorganisation); the payment is open again"));
        assertThat(PaymentEvolver.evolveAll(paid, decision.events())).isEqualTo(new PaymentState.Open(paid.details()));
    }

    @Test
    void shouldTellItsLinkWhenALinkMintedPaymentIsReopened() {
        // Protects against a link whose paid count still counts a payment a reorganisation reopened.
        var linkId = "plink_01jjjjjjjjjjjjjjjjjjjjjjjj";
        var open =
                PaymentFixtures.apply(new Absent(), new Create(PAYMENT_ID, TENANT, NOW, PaymentFixtures.terms(linkId)));
        var paid = PaymentFixtures.apply(open, PaymentFixtures.payFromChain(LATER));
        var at = LATER.plusSeconds(90);

        var decision = (Accepted) PaymentFixtures.decide(paid, PaymentFixtures.reverse(at, CHAIN_TX_HASH));

        assertThat(decision.events()).extracting(Object::getClass).first().isEqualTo(PaymentReopened.class);
        assertThat(decision.events())
                .last()
                .isEqualTo(new LinkConversionReported(new LinkConversion(linkId, PAYMENT_ID, false, at)));
        assertThat(PaymentEvolver.evolveAll(paid, decision.events())).isEqualTo(new PaymentState.Open(paid.details()));
    }

    @Test
    void shouldReopenAsExpiredWhenTheRetractionComesAtOrAfterTheExpiry() {
        var paid = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.payFromChain(LATER));

        var atExpiry = (Accepted) PaymentFixtures.decide(paid, PaymentFixtures.reverse(EXPIRES_AT, CHAIN_TX_HASH));
        var before = (Accepted)
                PaymentFixtures.decide(paid, PaymentFixtures.reverse(EXPIRES_AT.minusMillis(1), CHAIN_TX_HASH));

        assertThat(atExpiry.events())
                .extracting(Object::getClass)
                .containsExactly(PaymentReopened.class, PaymentExpired.class);
        assertThat(((PaymentState.Existing) PaymentEvolver.evolveAll(paid, atExpiry.events())).status())
                .isEqualTo("expired");
        assertThat(before.events()).extracting(Object::getClass).containsExactly(PaymentReopened.class);
    }

    @Test
    void shouldMatchTheRetractedHashWithoutCaseWhenItIsWrittenInCapitals() {
        var paid = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.payFromChain(LATER));
        var capitals = "0x" + CHAIN_TX_HASH.substring(2).toUpperCase(Locale.ROOT);

        var decision = (Accepted) PaymentFixtures.decide(paid, PaymentFixtures.reverse(LATER.plusSeconds(5), capitals));

        assertThat(decision.events()).singleElement().isInstanceOf(PaymentReopened.class);
    }

    @Test
    void shouldBePaidAgainByTheNextMatchedTransferWhenReopened() {
        var paid = PaymentFixtures.apply(PaymentFixtures.open(), PaymentFixtures.payFromChain(LATER));
        var reopened = PaymentFixtures.apply(paid, PaymentFixtures.reverse(LATER.plusSeconds(5), CHAIN_TX_HASH));
        var again = new PaymentInstruction.PayFromChain(
                PAYMENT_ID,
                TENANT,
                LATER.plusSeconds(60),
                "84532:0x77:0",
                "0x77",
                PaymentFixtures.SENDER,
                AMOUNT,
                null);

        var repaid = (Paid) PaymentFixtures.apply(reopened, again);

        assertThat(repaid.receipt()).isEqualTo(new Receipt(LATER.plusSeconds(60), "0x77", AMOUNT, false));
    }
}
