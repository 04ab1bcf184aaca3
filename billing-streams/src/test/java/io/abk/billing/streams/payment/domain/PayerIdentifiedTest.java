package io.abk.billing.streams.payment.domain;

import static io.abk.billing.streams.payment.domain.PaymentFixtures.LATER;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.NOW;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.PAYMENT_ID;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.SENDER;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationRequested;
import io.abk.billing.streams.payment.domain.PaymentEvent.PayerIdentified;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SubmitTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * A payment's customer: its wallet's from creation, else the payer the checkout (a transfer authorization's signer) or
 * the chain (the sender of the transfer that paid it) names first; its terms never change.
 */
class PayerIdentifiedTest {

    private static final String SIGNER = "0x00000000000000000000000000000000000000Cc";

    @Test
    void shouldKnowItsWalletsCustomerFromCreationAndLearnNoPayerWhenCreatedWithAWallet() {
        var open = PaymentFixtures.open();

        var decision = (Accepted) PaymentFixtures.decide(open, PaymentFixtures.payFromChain(LATER));

        assertThat(open.details().customerId())
                .isEqualTo(customerOf(open.details().terms().customerWallet()));
        assertThat(decision.events()).noneMatch(PayerIdentified.class::isInstance);
    }

    @Test
    void shouldTakeTheSendersCustomerWhenAPaymentWithoutAWalletIsPaidFromChain() {
        var open = walletless();
        assertThat(open.details().customerId()).isNull();

        var decision = (Accepted) PaymentFixtures.decide(open, PaymentFixtures.payFromChain(LATER));

        assertThat(decision.events()).first().isEqualTo(new PayerIdentified(SENDER, customerOf(SENDER)));
        assertThat(decision.events()).hasAtLeastOneElementOfType(PaymentPaid.class);
        var paid = PaymentEvolver.evolveAll(open, decision.events());
        assertThat(((PaymentState.Existing) paid).details().customerId()).isEqualTo(customerOf(SENDER));
        assertThat(((PaymentState.Existing) paid).details().terms())
                .isEqualTo(open.details().terms());
    }

    @Test
    void shouldTakeTheSignersCustomerOnceWhenAPaymentWithoutAWalletGetsATransferAuthorization() {
        var open = walletless();

        var first = (Accepted) PaymentFixtures.decide(open, submit());

        assertThat(first.events())
                .containsExactly(
                        new PayerIdentified(SIGNER.toLowerCase(Locale.ROOT), customerOf(SIGNER)),
                        first.events().getLast());
        assertThat(first.events().getLast()).isInstanceOf(AuthorizationRequested.class);
        var authorizing = PaymentEvolver.evolveAll(open, first.events());
        // The transfer then seen on chain names a payer again: the customer stays the first one's.
        var paid = (Accepted) PaymentFixtures.decide(authorizing, PaymentFixtures.payFromChain(LATER));
        assertThat(paid.events()).noneMatch(PayerIdentified.class::isInstance);
    }

    @Test
    void shouldThrowWhenAPayerIsAppliedToAPaymentThatKnowsItsCustomer() {
        var identified = new PayerIdentified(SENDER, customerOf(SENDER));

        assertThatThrownBy(() -> PaymentEvolver.evolve(PaymentFixtures.open(), identified))
                .hasMessageContaining("only without one");
    }

    private static PaymentState.Existing walletless() {
        var t = PaymentFixtures.terms("plink_01jjjjjjjjjjjjjjjjjjjjjjjj");
        var terms = new PaymentTerms(
                t.amount(),
                null,
                t.payoutAddress(),
                t.merchantRef(),
                t.priceId(),
                t.paymentLinkId(),
                t.description(),
                t.checkoutUrl(),
                t.successUrl(),
                t.cancelUrl(),
                "ada@example.com",
                null,
                t.metadata());
        return PaymentFixtures.apply(new Absent(), new Create(PAYMENT_ID, TENANT, NOW, terms));
    }

    private static SubmitTransferAuthorization submit() {
        return new SubmitTransferAuthorization(
                PAYMENT_ID,
                TENANT,
                NOW.plusSeconds(60),
                new SignedAuthorization(
                        SIGNER,
                        0,
                        NOW.plusSeconds(3600).getEpochSecond(),
                        "0x" + "11".repeat(32),
                        "0x" + "22".repeat(65)));
    }

    private static String customerOf(String wallet) {
        return CustomerIds.of(TENANT.merchantId(), "test", wallet);
    }
}
