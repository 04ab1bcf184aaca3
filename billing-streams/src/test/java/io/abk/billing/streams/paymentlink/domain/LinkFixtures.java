package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Create;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Open;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Absent;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Commands and states of one payment link for the decider tests, with pinned instants: created at {@link #NOW};
 * a link with an expiry expires at {@link #EXPIRES_AT}; {@link #LATER} is before it, {@link #AFTER_EXPIRY} past it.
 */
final class LinkFixtures {

    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    static final Instant LATER = NOW.plus(Duration.ofHours(1));
    static final Instant EXPIRES_AT = NOW.plus(Duration.ofDays(7));
    static final Instant AFTER_EXPIRY = EXPIRES_AT.plusSeconds(1);
    static final Instant DISABLED_AT = LATER.plusSeconds(30);
    static final String LINK_ID = "plink_01jjjjjjjjjjjjjjjjjjjjjjjj";
    static final Tenant TENANT = new Tenant("mer_01jjjjjjjjjjjjjjjjjjjjjjjj", Mode.TEST);
    static final UsdcAmount AMOUNT = UsdcAmount.ofMicros(12_500_000);
    static final String PAYOUT = "0x00000000000000000000000000000000000000bB";
    static final String WALLET = "0x00000000000000000000000000000000000000aA";

    private LinkFixtures() {}

    static PaymentLinkTerms terms(boolean collectEmail, boolean collectName) {
        return new PaymentLinkTerms(
                AMOUNT,
                "Concert ticket",
                "ticket",
                PAYOUT,
                "price_1",
                "https://pay.example/checkout/link/" + LINK_ID,
                "https://shop.example/ok",
                "https://shop.example/cancel",
                collectEmail,
                collectName,
                Map.of("event", "e-1"));
    }

    static Create create(@Nullable Integer maxUses, @Nullable Instant expiresAt) {
        return new Create(LINK_ID, TENANT, NOW, terms(false, false), maxUses, expiresAt);
    }

    /** The {@code n}-th open (its payment id and checkout URL as the gateway mints them), with a wallet. */
    static Open open(int n, Instant at) {
        return open(n, at, new Customer(WALLET, null, null));
    }

    static Open open(int n, Instant at, Customer customer) {
        var paymentId = paymentId(n);
        return new Open(LINK_ID, TENANT, at, paymentId, "https://pay.example/checkout/pay/" + paymentId, customer);
    }

    static String paymentId(int n) {
        return "pay_01jjjjjjjjjjjjjjjjjjjj" + String.format("%04d", n);
    }

    static PaymentLinkDecision decide(PaymentLinkState state, PaymentLinkInstruction command) {
        return PaymentLinkDecider.decide(state, command);
    }

    /** {@code state} after {@code command}, which must be accepted. */
    static Existing apply(PaymentLinkState state, PaymentLinkInstruction command) {
        return switch (decide(state, command)) {
            case PaymentLinkDecision.Accepted accepted ->
                (Existing) PaymentLinkEvolver.evolveAll(state, accepted.events());
            case PaymentLinkDecision.Rejected rejected ->
                throw new AssertionError(command + " was rejected: " + rejected);
        };
    }

    static Existing created(@Nullable Integer maxUses, @Nullable Instant expiresAt) {
        return apply(new Absent(), create(maxUses, expiresAt));
    }

    /** Active, with an expiry not reached at {@link #LATER}, one use of three taken. */
    static Existing active() {
        return apply(created(3, EXPIRES_AT), open(1, LATER));
    }

    /** Active, two uses of three taken. */
    static Existing lastUseLeft() {
        return apply(active(), open(2, LATER.plusSeconds(1)));
    }

    /** Active in the store, but its expiry has passed and the scheduler has not recorded it yet. */
    static Existing activePastExpiry() {
        return created(null, LATER);
    }

    /** All three uses taken. */
    static Existing usedUp() {
        return apply(lastUseLeft(), open(3, LATER.plusSeconds(2)));
    }

    /** Expired by the scheduler once its expiry passed. */
    static Existing expiredInTime() {
        return apply(created(null, EXPIRES_AT), new PaymentLinkInstruction.Expire(LINK_ID, TENANT, EXPIRES_AT));
    }

    static Existing disabled() {
        return apply(active(), new PaymentLinkInstruction.Disable(LINK_ID, TENANT, DISABLED_AT));
    }
}
