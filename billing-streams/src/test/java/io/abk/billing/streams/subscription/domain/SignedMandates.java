package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.AMOUNT;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Fixtures.WALLETS;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;

import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleSignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SubmitSignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.math.BigInteger;
import java.util.Locale;
import java.util.function.UnaryOperator;

/** Signed mandates as the checkout sends them and the relayer's answers, for the subscription's decider tests. */
final class SignedMandates {

    static final RelayerGas GAS = new RelayerGas(187_654, new BigInteger("187654000000000"));
    static final String MANDATE_TX = "0x" + "5e".repeat(32);

    private SignedMandates() {}

    /** The customer's terms, equal to the subscription's of {@link Fixtures#create} (monthly), valid for an hour. */
    static SignedMandate terms() {
        return new SignedMandate(
                WALLETS.customer().toLowerCase(Locale.ROOT),
                12,
                LATER.plusSeconds(3_600).getEpochSecond(),
                "0x" + "07".repeat(32),
                "0x" + "aa".repeat(65),
                Long.toString(AMOUNT.micros()),
                1,
                LATER.getEpochSecond(),
                new SignedMandate.Permit(
                        "119880000", LATER.plusSeconds(3_600).getEpochSecond(), "0x" + "bb".repeat(65)));
    }

    static SubmitSignedMandate submit() {
        return submit(terms -> terms);
    }

    static SubmitSignedMandate submit(UnaryOperator<SignedMandate> change) {
        return new SubmitSignedMandate(SUBSCRIPTION_ID, TENANT, LATER, change.apply(terms()));
    }

    /**
     * The relayer's answer to the latest submission in {@code state} (to a first one when there is none): mined, or
     * refused with a code.
     */
    static SettleSignedMandate settle(Existing state, boolean succeeded) {
        var latest = state.details().mandateSignature();
        return new SettleSignedMandate(
                SUBSCRIPTION_ID,
                TENANT,
                latest == null ? LATER : latest.submission().submittedAt(),
                latest == null ? SUBSCRIPTION_ID + ":mandate:1" : latest.requestId(SUBSCRIPTION_ID),
                succeeded
                        ? new RelayerOutcome.Submitted(MANDATE_TX, GAS)
                        : new RelayerOutcome.NotSubmitted("SIGNATURE_EXPIRED", "The signature expired", null));
    }

    static SettleSignedMandate stray(String requestId) {
        return new SettleSignedMandate(
                SUBSCRIPTION_ID, TENANT, LATER, requestId, new RelayerOutcome.Submitted(MANDATE_TX, GAS));
    }

    /** Incomplete, mandate pending, one signed mandate pending at the relayer. */
    static Existing signing() {
        return Scenarios.apply(Scenarios.incompletePending(), submit());
    }

    /** Incomplete, mandate pending, the first signed mandate failed. */
    static Existing signingFailed() {
        var signing = signing();
        return Scenarios.apply(signing, settle(signing, false));
    }

    /** Incomplete, mandate pending, the signed mandate's transaction mined (the vault's Subscribed not seen yet). */
    static Existing signedSubmitted() {
        var signing = signing();
        return Scenarios.apply(signing, settle(signing, true));
    }
}
