package io.abk.billing.streams.payment.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Confirm;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Expire;
import io.abk.billing.streams.payment.domain.PaymentInstruction.PayFromChain;
import io.abk.billing.streams.payment.domain.PaymentInstruction.ReversePayment;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.VerificationResult.Refused;
import io.abk.billing.streams.payment.domain.VerificationResult.Verified;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Commands and states of one payment for the decider tests, with pinned instants: created at {@link #NOW}, expiring
 * 24 h later at {@link #EXPIRES_AT}; {@link #LATER} is within that window, {@link #AFTER_EXPIRY} past it.
 */
final class PaymentFixtures {

    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    static final Instant LATER = NOW.plus(Duration.ofHours(1));
    static final Instant EXPIRES_AT = NOW.plus(Duration.ofHours(24));
    static final Instant AFTER_EXPIRY = EXPIRES_AT.plusSeconds(1);
    static final String PAYMENT_ID = "pay_01jjjjjjjjjjjjjjjjjjjjjjjj";
    static final Tenant TENANT = new Tenant("mer_01jjjjjjjjjjjjjjjjjjjjjjjj", Mode.TEST);
    static final Tenant OTHER_TENANT = new Tenant("mer_01jjjjjjjjjjjjjjjjjjjjjjjj", Mode.LIVE);
    static final UsdcAmount AMOUNT = UsdcAmount.ofMicros(25_000_000);
    static final String TX_HASH = "0x" + "ab".repeat(32);
    /** The transaction of a transfer the chain side matched by itself (not the one a confirm named). */
    static final String CHAIN_TX_HASH = "0x" + "ef".repeat(32);

    static final String CHAIN_TRANSFER_ID = "84532:" + CHAIN_TX_HASH + ":3";
    static final String SENDER = "0x00000000000000000000000000000000000000aa";

    private PaymentFixtures() {}

    static PaymentTerms terms(@Nullable String paymentLinkId) {
        return new PaymentTerms(
                AMOUNT,
                "0x00000000000000000000000000000000000000aA",
                "0x00000000000000000000000000000000000000bB",
                "order-7",
                null,
                paymentLinkId,
                "Blue mug",
                "https://pay.example/checkout/pay/" + PAYMENT_ID,
                "https://shop.example/ok",
                "https://shop.example/cancel",
                null,
                null,
                Map.of("cart", "c-9"));
    }

    static Create create() {
        return new Create(PAYMENT_ID, TENANT, NOW, terms(null));
    }

    static Confirm confirm(Instant at) {
        return new Confirm(PAYMENT_ID, TENANT, at, TX_HASH);
    }

    static Expire expire(Instant at) {
        return new Expire(PAYMENT_ID, TENANT, at);
    }

    /** The chain side matched transfer {@link #CHAIN_TX_HASH} of exactly the amount to the payment at {@code at}. */
    static PayFromChain payFromChain(Instant at) {
        return new PayFromChain(PAYMENT_ID, TENANT, at, CHAIN_TRANSFER_ID, CHAIN_TX_HASH, SENDER, AMOUNT, null);
    }

    /** The chain side retracted the transfer of {@code txHash} at {@code at}. */
    static ReversePayment reverse(Instant at, String txHash) {
        return new ReversePayment(PAYMENT_ID, TENANT, at, "84532:" + txHash + ":3", txHash);
    }

    /** The chain side's success for the verification in flight of {@code state}, at that verification's time. */
    static Settle verified(PaymentState state) {
        var inFlight = inFlight(state);
        return new Settle(
                PAYMENT_ID, TENANT, inFlight.requestedAt(), inFlight.requestId(), new Verified(TX_HASH, AMOUNT));
    }

    static Settle refused(PaymentState state) {
        var inFlight = inFlight(state);
        return new Settle(
                PAYMENT_ID,
                TENANT,
                inFlight.requestedAt(),
                inFlight.requestId(),
                new Refused("PAYMENT_TX_ALREADY_USED", "Transaction " + TX_HASH + " has already paid another payment"));
    }

    static Verification inFlight(PaymentState state) {
        var verification = ((Existing) state).details().verifications().inFlight();
        assertThat(verification).as("a verification in flight").isNotNull();
        return verification;
    }

    static PaymentDecision decide(PaymentState state, PaymentInstruction command) {
        return PaymentDecider.decide(state, command, PaymentPolicy.DEFAULT);
    }

    /** {@code state} after {@code command}, which must be accepted (or failed: its bookkeeping applies). */
    static Existing apply(PaymentState state, PaymentInstruction command) {
        var events = switch (decide(state, command)) {
            case PaymentDecision.Accepted accepted -> accepted.events();
            case PaymentDecision.Failed failed -> failed.events();
            case PaymentDecision.Rejected rejected -> throw new AssertionError(command + " was rejected: " + rejected);
        };
        return (Existing) PaymentEvolver.evolveAll(state, events);
    }

    static Existing open() {
        return apply(new Absent(), create());
    }

    static Existing openVerifying() {
        return apply(open(), confirm(LATER));
    }

    static Existing expired() {
        return apply(open(), expire(EXPIRES_AT));
    }

    static Existing expiredVerifying() {
        return apply(expired(), confirm(AFTER_EXPIRY));
    }

    static Existing paid() {
        var verifying = openVerifying();
        return apply(verifying, verified(verifying));
    }

    /** Confirmed with a hash, then paid by a transfer the chain side matched before the verification answered. */
    static Existing paidByChainVerifying() {
        return apply(openVerifying(), payFromChain(LATER.plusSeconds(30)));
    }

    /** No command cancels a payment yet (no route does), so the state is built directly. */
    static Existing canceled() {
        return new PaymentState.Canceled(open().details());
    }
}
