package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.streams.payment.domain.PaymentTerms;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDecision.Accepted;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDecision.Rejected;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.LinkPaymentRecorded;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.LinkPaymentReopened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkCreated;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkDisabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkExpired;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkOpened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Create;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Disable;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Expire;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Open;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.RecordPayment;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.RecordPaymentReopened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Active;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Disabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Expired;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The payment link's rules (docs/architecture.md, "Payment link") as a pure function: {@link #decide} answers a
 * command with events or a rejection ({@link PaymentLinkEvolver} applies them). An open counts the use and mints the
 * payment in the same decision, so the link's processor, the single writer of its count, holds {@code maxUses}
 * exactly.
 */
public final class PaymentLinkDecider {

    /**
     * The metadata key that ties a minted payment to its link ({@code metadata.paymentLinkId} of the minted payment).
     */
    public static final String PAYMENT_LINK_ID_KEY = "paymentLinkId";

    private PaymentLinkDecider() {}

    public static PaymentLinkDecision decide(PaymentLinkState state, PaymentLinkInstruction command) {
        if (command instanceof Create create) {
            return create(state, create);
        }
        if (!(state instanceof Existing existing)
                || !existing.details().tenant().equals(command.tenant())) {
            // Another merchant's or mode's link is indistinguishable from a missing one.
            return new Rejected(
                    PaymentLinkRejection.RESOURCE_MISSING, "No such payment link: " + command.paymentLinkId());
        }
        return switch (command) {
            case Create create -> throw new IllegalStateException("create is decided above");
            case Open open -> open(existing, open);
            case Disable disable ->
                existing instanceof Disabled ? accept() : accept(new PaymentLinkDisabled(disable.requestedAt()));
            // Counted in any status: the payment was minted while the link could be opened. The result command's
            // id dedups a repeat.
            case RecordPayment record -> accept(new LinkPaymentRecorded(record.paymentId()));
            // Its paid count counted the payment; a reopen the count never saw (none counted) leaves it at zero.
            case RecordPaymentReopened reopened ->
                existing.details().paidCount() > 0 ? accept(new LinkPaymentReopened(reopened.paymentId())) : accept();
            case Expire expire ->
                existing instanceof Active && existing.details().expiredAt(expire.requestedAt())
                        ? accept(new PaymentLinkExpired())
                        : accept();
        };
    }

    private static PaymentLinkDecision create(PaymentLinkState state, Create command) {
        if (state instanceof Existing existing) {
            return new Rejected(
                    PaymentLinkRejection.RESOURCE_EXISTS, "Payment link " + existing.id() + " already exists");
        }
        var link = new PaymentLinkDetails(
                command.paymentLinkId(),
                command.tenant(),
                command.terms(),
                command.maxUses(),
                command.expiresAt(),
                0,
                0,
                command.requestedAt());
        return accept(new PaymentLinkCreated(link));
    }

    /**
     * One more use and the payment it mints: the link's terms, the customer's details, {@code merchantRef}
     * {@code <prefix>_<useCount>} (the first open is {@code _1}) and the link's metadata plus
     * {@code paymentLinkId}. The open that takes the last use expires the link.
     */
    private static PaymentLinkDecision open(Existing state, Open command) {
        var refusal = refusal(state, command);
        if (refusal != null) {
            return new Rejected(PaymentLinkRejection.PAYMENT_LINK_ERROR, refusal);
        }
        var opened = state.details().opened();
        var link = opened.terms();
        var customer = command.customer();
        var metadata = new HashMap<>(link.metadata());
        metadata.put(PAYMENT_LINK_ID_KEY, state.id());
        var terms = new PaymentTerms(
                link.amount(),
                customer.wallet(),
                link.payoutAddress(),
                link.merchantRefPrefix() + "_" + opened.useCount(),
                link.priceId(),
                state.id(),
                link.description(),
                command.checkoutUrl(),
                link.successUrl(),
                link.cancelUrl(),
                customer.email(),
                customer.name(),
                metadata);
        var minted = MintedPayment.of(command.paymentId(), command.requestedAt(), terms);
        var events = new ArrayList<PaymentLinkEvent>(List.of(new PaymentLinkOpened(minted)));
        if (opened.usedUp()) {
            events.add(new PaymentLinkExpired());
        }
        return new Accepted(events, minted.commandId());
    }

    /** Why the link cannot be opened now, in a sentence naming the rule; null when it can. */
    private static @Nullable String refusal(Existing state, Open command) {
        var d = state.details();
        var link = "Payment link " + d.id();
        if (state instanceof Disabled) {
            return link + " is disabled";
        }
        if (d.expiredAt(command.requestedAt())) {
            return link + " expired at " + d.expiresAt();
        }
        if (d.usedUp()) {
            return link + " has been used " + d.useCount() + " of " + d.maxUses() + " times";
        }
        if (state instanceof Expired) {
            // Expired by the scheduler at a time after this open's (clocks of two producers): still expired.
            return link + (d.expiresAt() != null ? " expired at " + d.expiresAt() : " has expired");
        }
        if (d.terms().collectEmail() && blank(command.customer().email())) {
            return link + " collects the customer's email";
        }
        if (d.terms().collectName() && blank(command.customer().name())) {
            return link + " collects the customer's name";
        }
        return null;
    }

    private static boolean blank(@Nullable String value) {
        return value == null || value.isBlank();
    }

    private static PaymentLinkDecision accept(PaymentLinkEvent... events) {
        return new Accepted(List.of(events), null);
    }
}
