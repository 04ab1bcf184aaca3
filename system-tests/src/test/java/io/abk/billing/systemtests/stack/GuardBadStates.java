package io.abk.billing.systemtests.stack;

import static io.abk.billing.systemtests.stack.GuardBadRequests.checkoutActivate;
import static io.abk.billing.systemtests.stack.GuardBadRequests.invoice;
import static io.abk.billing.systemtests.stack.GuardBadRequests.processor;
import static io.abk.billing.systemtests.stack.GuardBadRequests.subscription;

import io.abk.billing.systemtests.stack.GuardBadRequests.Bad;
import io.abk.billing.systemtests.stack.GuardBadRequests.Fixtures;
import io.abk.billing.systemtests.stack.GuardFixtures.Made;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Well-formed requests that a subscription or invoice in the wrong state refuses
 * (docs/architecture.md, "State machines"): the gateway sends them, the processor answers each with one REJECTED change
 * carrying the operation's code, and the state stays as it was.
 */
final class GuardBadStates {

    private GuardBadStates() {}

    /** A fixture by its state's name, as the case names say it. */
    private record State(String name, Function<Fixtures, Made> made) {}

    private static final State INCOMPLETE = new State("an incomplete subscription", Fixtures::incomplete);
    private static final State COMPLETED =
            new State("an incomplete subscription whose mandate is active", Fixtures::completed);
    private static final State ACTIVE = new State("an active subscription", Fixtures::active);
    private static final State PAUSED = new State("a paused subscription", Fixtures::paused);
    private static final State CANCELED_PAID = new State("a canceled subscription", Fixtures::canceledPaid);
    private static final State CANCELED_VOIDED =
            new State("a subscription canceled while incomplete", Fixtures::canceledVoided);
    private static final State REFUNDED = new State("a subscription whose invoice was refunded", Fixtures::refunded);

    static List<Bad> cases() {
        var cases = new ArrayList<Bad>();
        for (var state : List.of(COMPLETED, ACTIVE, PAUSED, CANCELED_PAID, CANCELED_VOIDED)) {
            cases.add(action("activate", state, Map.of(), "subscription_activate_failed"));
            cases.add(action("complete", state, Map.of(), "subscription_activate_failed"));
            cases.add(checkout(state));
        }
        for (var state : List.of(CANCELED_PAID, CANCELED_VOIDED)) {
            cases.add(action("cancel", state, Map.of(), "subscription_cancel_failed"));
            cases.add(action("cancel", state, Map.of("immediate", true), "subscription_cancel_failed"));
            cases.add(action("cancel", state, Map.of("immediate", false), "subscription_cancel_failed"));
            cases.add(action("resume", state, Map.of(), "subscription_resume_failed"));
            cases.add(action("PATCH", state, Map.of("amountUsdc", 5), "subscription_update_failed"));
            cases.add(action("PATCH", state, Map.of("metadata", Map.of("plan", "gold")), "subscription_update_failed"));
            cases.add(action("PATCH", state, Map.of(), "subscription_update_failed"));
        }
        // resume undoes a pause or a cancel at period end; with neither there is nothing to resume
        for (var state : List.of(INCOMPLETE, COMPLETED, ACTIVE)) {
            cases.add(action("resume", state, Map.of(), "subscription_resume_failed"));
        }
        // only an active subscription can be paused
        for (var state : List.of(INCOMPLETE, COMPLETED, PAUSED, CANCELED_PAID, CANCELED_VOIDED)) {
            cases.add(action("pause", state, Map.of(), "subscription_pause_failed"));
        }
        // charge: only an open or uncollectible invoice
        cases.add(onInvoice(
                "charge", "a paid invoice", ACTIVE, Map.of("sandboxMode", "success"), "invoice_not_chargeable"));
        cases.add(
                onInvoice("charge", "a paid invoice without sandboxMode", ACTIVE, Map.of(), "invoice_not_chargeable"));
        cases.add(onInvoice(
                "charge",
                "a paid invoice of a canceled subscription",
                CANCELED_PAID,
                Map.of(),
                "invoice_not_chargeable"));
        cases.add(onInvoice(
                "charge",
                "a void invoice",
                CANCELED_VOIDED,
                Map.of("sandboxMode", "success"),
                "invoice_not_chargeable"));
        cases.add(onInvoice("charge", "a refunded invoice", REFUNDED, Map.of(), "invoice_not_chargeable"));
        // void: only an open invoice
        cases.add(onInvoice("void", "a paid invoice", ACTIVE, Map.of(), "invoice_not_voidable"));
        cases.add(onInvoice(
                "void", "a paid invoice of a canceled subscription", CANCELED_PAID, Map.of(), "invoice_not_voidable"));
        cases.add(onInvoice("void", "a void invoice", CANCELED_VOIDED, Map.of(), "invoice_not_voidable"));
        cases.add(onInvoice("void", "a refunded invoice", REFUNDED, Map.of(), "invoice_not_voidable"));
        // refund: only a paid invoice, and never more than is left
        cases.add(onInvoice("refund", "an open invoice", INCOMPLETE, Map.of(), "invoice_not_refundable"));
        cases.add(onInvoice(
                "refund",
                "an open invoice whose mandate is active",
                COMPLETED,
                Map.of("amountUsdc", 1),
                "invoice_not_refundable"));
        cases.add(onInvoice("refund", "a void invoice", CANCELED_VOIDED, Map.of(), "invoice_not_refundable"));
        cases.add(onInvoice("refund", "a refunded invoice", REFUNDED, Map.of(), "invoice_not_refundable"));
        cases.add(onInvoice(
                "refund",
                "a refunded invoice, one micro-USDC",
                REFUNDED,
                Map.of("amountUsdc", new BigDecimal("0.000001")),
                "invoice_not_refundable"));
        for (var amount : List.of("10.000001", "10.5", "11", "1000000000")) {
            cases.add(onInvoice(
                    "refund",
                    "a paid 10 USDC invoice, " + amount + " USDC",
                    ACTIVE,
                    Map.of("amountUsdc", new BigDecimal(amount)),
                    "amount_too_large"));
        }
        return cases;
    }

    private static Bad action(String route, State state, Map<String, Object> body, String code) {
        return processor(
                route + " " + Json.write(body) + " of " + state.name(),
                code,
                state.made(),
                fx -> subscription(fx, fx.testKey(), state.made().apply(fx).subscriptionId(), route)
                        .json(body));
    }

    private static Bad onInvoice(String route, String what, State state, Map<String, Object> body, String code) {
        return processor(
                route + " " + Json.write(body) + " of " + what,
                code,
                state.made(),
                fx -> invoice(fx, fx.testKey(), state.made().apply(fx).invoiceId(), route)
                        .json(body));
    }

    private static Bad checkout(State state) {
        return processor(
                "checkout activate of " + state.name(),
                "subscription_activate_failed",
                state.made(),
                fx -> checkoutActivate(fx, state.made().apply(fx).subscriptionId())
                        .json(Map.of()));
    }
}
