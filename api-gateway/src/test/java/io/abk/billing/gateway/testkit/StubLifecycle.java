package io.abk.billing.gateway.testkit;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.CompleteSubscription;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PauseSubscription;
import io.abk.billing.schemas.avro.RefundInvoice;
import io.abk.billing.schemas.avro.ResumeSubscription;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.UpdateSubscription;
import io.abk.billing.schemas.avro.VoidInvoice;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.Proration;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Just enough of the subscription lifecycle for the gateway's tests to see every route's answer: NOT the real decider
 * (billing-streams has it, with every rule of docs/architecture.md, "State machines"). It keeps the latest snapshots in
 * memory, applies each command naively, and settles charges and refunds at once without a {@code ChainRequest}: the
 * command's Change names a follow-up command and a second Change, for that id, carries the settlement's result.
 * Simulated outcomes: an explicit {@code sandboxMode}, else metadata {@code sandboxRenewalOutcome}, else success; a
 * refund fails (its result rejected with {@code refund_failed}) when metadata {@code stubRefundOutcome} is
 * {@code fail}. Used by one thread (the stand-in's).
 */
final class StubLifecycle {

    /** The Change of the command and, when it started a settlement, the Change of the settlement's result. */
    record Decision(Change outcome, @Nullable Change settlement) {}

    private final Map<String, SubscriptionSnapshot> subscriptions = new HashMap<>();
    private final Map<String, InvoiceSnapshot> invoices = new HashMap<>();
    /** The aggregate's last version; every command takes two (its own, and its settlement's result). */
    private final Map<String, Long> versions = new HashMap<>();

    Decision decide(SubscriptionCommand command) {
        if (command.getPayload() instanceof CreateSubscription) {
            var created = ChangeFixtures.created(command);
            remember(created);
            versions.put(command.getSubscriptionId(), 1L);
            return new Decision(created, null);
        }
        var subscription = subscriptions.get(command.getSubscriptionId());
        if (subscription == null
                || !subscription.getMerchantId().equals(command.getMerchantId())
                || subscription.getMode() != command.getMode()) {
            return rejected(command, "resource_missing", "No such subscription: '" + command.getSubscriptionId() + "'");
        }
        var next = new Step(command, versions.merge(subscription.getId(), 2L, Long::sum) - 1);
        var decision = switch (command.getPayload()) {
            case ActivateSubscription activate -> activate(next, subscription, activate.getOnChainSubscriptionId());
            case CompleteSubscription complete ->
                subscription.getMandateStatus().equals("pending")
                        ? next.accept(mandate(subscription, next, complete.getOnChainSubscriptionId())
                                .build())
                        : rejected(command, "subscription_activate_failed", "Subscription is already activated");
            case CancelSubscription cancel -> cancel(next, subscription, cancel.getImmediate());
            case ResumeSubscription resume -> resume(next, subscription);
            case PauseSubscription pause ->
                subscription.getStatus().equals("active")
                        ? next.accept(copy(subscription, next)
                                .setStatus("paused")
                                .setPausedAt(next.now())
                                .build())
                        : rejected(command, "subscription_pause_failed", "Only an active subscription can be paused");
            case UpdateSubscription update -> update(next, subscription, update);
            case ApplyDiscount apply -> discount(next, subscription, apply);
            case ChargeInvoice charge ->
                withInvoice(
                        next,
                        subscription,
                        charge.getInvoiceId(),
                        invoice -> charge(next, subscription, invoice, charge.getSandboxMode()));
            case RefundInvoice refund ->
                withInvoice(
                        next,
                        subscription,
                        refund.getInvoiceId(),
                        invoice -> refund(next, subscription, invoice, refund.getAmountMicros()));
            case VoidInvoice voiding ->
                withInvoice(
                        next,
                        subscription,
                        voiding.getInvoiceId(),
                        invoice -> invoice.getStatus().equals("open")
                                ? next.accept(InvoiceSnapshot.newBuilder(invoice)
                                        .setVersion(next.version())
                                        .setStatus("void")
                                        .setVoidedAt(next.now())
                                        .build())
                                : rejected(
                                        command,
                                        "invoice_not_voidable",
                                        "Invoice is " + invoice.getStatus() + "; only an open invoice can be voided"));
            default ->
                rejected(
                        command,
                        "validation_error",
                        "The stand-in does not know "
                                + command.getPayload().getClass().getSimpleName());
        };
        remember(decision.outcome());
        if (decision.settlement() != null) {
            remember(decision.settlement());
        }
        return decision;
    }

    private Decision activate(Step step, SubscriptionSnapshot subscription, @Nullable String onChainId) {
        if (!subscription.getMandateStatus().equals("pending")
                || !subscription.getStatus().equals("incomplete")) {
            return rejected(
                    step.command(),
                    "subscription_activate_failed",
                    "Subscription is " + subscription.getStatus() + " with a " + subscription.getMandateStatus()
                            + " mandate; only an incomplete one can be activated");
        }
        var activated = mandate(subscription, step, onChainId);
        var invoice = invoices.get(subscription.getLatestInvoiceId());
        if (invoice == null || !invoice.getStatus().equals("open")) {
            return step.accept(activated.build());
        }
        if (invoice.getAmountMicros() == 0) {
            return step.accept(
                    activated.setStatus("active").build(),
                    InvoiceSnapshot.newBuilder(invoice)
                            .setVersion(step.version())
                            .setStatus("paid")
                            .setPaidAt(step.now())
                            .build());
        }
        return charge(step, activated.build(), invoice, null);
    }

    private Decision charge(
            Step step, SubscriptionSnapshot subscription, InvoiceSnapshot invoice, @Nullable String sandboxMode) {
        if (!invoice.getStatus().equals("open") && !invoice.getStatus().equals("uncollectible")) {
            return rejected(
                    step.command(),
                    "invoice_not_chargeable",
                    "Invoice is " + invoice.getStatus() + "; it cannot be charged");
        }
        int attempt = invoice.getAttemptCount() + 1;
        var attempted =
                InvoiceSnapshot.newBuilder(invoice).setVersion(step.version()).setAttemptCount(attempt);
        if (!subscription.getMandateStatus().equals("active")) {
            return step.accept(
                    subscription,
                    attempted
                            .setFailureCode("MANDATE_INACTIVE")
                            .setFailureMessage("The customer has not set up the payment mandate")
                            .setNextAttemptAt(null)
                            .build());
        }
        var requestId = invoice.getId() + ":" + attempt;
        var mode = sandboxMode != null
                ? sandboxMode
                : subscription.getMetadata().getOrDefault("sandboxRenewalOutcome", "success");
        var result = step.settlement(requestId);
        var settled = InvoiceSnapshot.newBuilder(attempted.build()).setVersion(result.version());
        var settledSubscription = copy(subscription, result);
        if (mode.equals("success")) {
            settled.setStatus("paid")
                    .setPaidAt(step.now())
                    .setTxHash(txHash(requestId))
                    .setFailureCode(null)
                    .setFailureMessage(null)
                    .setNextAttemptAt(null);
            settledSubscription.setStatus("active");
        } else {
            var insufficient = mode.equals("insufficient_balance");
            settled.setFailureCode(insufficient ? "INSUFFICIENT_BALANCE" : "ALLOWANCE_REVOKED")
                    .setFailureMessage(
                            insufficient
                                    ? "The customer's wallet does not hold enough USDC"
                                    : "The customer revoked the vault's USDC allowance")
                    .setNextAttemptAt(step.now().plusSeconds(86_400));
        }
        return step.settle(
                result,
                List.of(subscription, attempted.build()),
                List.of(settledSubscription.build(), settled.build()));
    }

    private Decision refund(
            Step step, SubscriptionSnapshot subscription, InvoiceSnapshot invoice, @Nullable Long amount) {
        long left = invoice.getAmountMicros() - invoice.getAmountRefundedMicros();
        if (!invoice.getStatus().equals("paid") || left == 0) {
            return rejected(
                    step.command(),
                    "invoice_not_refundable",
                    "Invoice is " + invoice.getStatus() + "; nothing is left to refund");
        }
        long refunded = amount == null ? left : amount;
        if (refunded > left) {
            return rejected(step.command(), "amount_too_large", "Only " + left + " micro-USDC are left to refund");
        }
        var requestId = invoice.getId() + ":refund:" + step.version();
        var result = step.settlement(requestId);
        if ("fail".equals(subscription.getMetadata().get("stubRefundOutcome"))) {
            return new Decision(
                    step.acceptedChange(List.of(), result.commandId()),
                    ChangeFixtures.rejected(
                            result.commandId(),
                            subscription.getId(),
                            subscription.getMerchantId(),
                            subscription.getMode(),
                            "refund_failed",
                            "The merchant's payout wallet does not hold enough USDC to refund"));
        }
        var total = invoice.getAmountRefundedMicros() + refunded;
        var after = InvoiceSnapshot.newBuilder(invoice)
                .setVersion(result.version())
                .setAmountRefundedMicros(total)
                .setStatus(total == invoice.getAmountMicros() ? "refunded" : "paid")
                .setRefundTxHash(txHash(requestId))
                .setRefundedAt(step.now())
                .build();
        return step.settle(result, List.of(), List.of(after));
    }

    private Decision cancel(Step step, SubscriptionSnapshot subscription, boolean immediate) {
        if (subscription.getStatus().equals("canceled")) {
            return rejected(
                    step.command(), "subscription_cancel_failed", "Subscription is canceled; canceled is final");
        }
        if (!immediate) {
            return step.accept(
                    copy(subscription, step).setCancelAtPeriodEnd(true).build());
        }
        var changed = new ArrayList<Object>();
        changed.add(copy(subscription, step)
                .setStatus("canceled")
                .setCanceledAt(step.now())
                .setMandateStatus("revoked")
                .build());
        invoices.values().stream()
                .filter(i -> i.getSubscriptionId().equals(subscription.getId())
                        && i.getStatus().equals("open"))
                .forEach(i -> changed.add(InvoiceSnapshot.newBuilder(i)
                        .setVersion(step.version())
                        .setStatus("void")
                        .setVoidedAt(step.now())
                        .build()));
        return step.accept(changed.toArray());
    }

    private Decision resume(Step step, SubscriptionSnapshot subscription) {
        if (subscription.getStatus().equals("paused")) {
            return step.accept(copy(subscription, step)
                    .setStatus("active")
                    .setPausedAt(null)
                    .setCancelAtPeriodEnd(false)
                    .build());
        }
        if (subscription.getCancelAtPeriodEnd() && !subscription.getStatus().equals("canceled")) {
            return step.accept(
                    copy(subscription, step).setCancelAtPeriodEnd(false).build());
        }
        return rejected(
                step.command(),
                "subscription_resume_failed",
                "Subscription is " + subscription.getStatus() + "; nothing to resume");
    }

    /** The discount replaced or removed; an incomplete subscription's open first invoice re-priced with it. */
    private Decision discount(Step step, SubscriptionSnapshot subscription, ApplyDiscount apply) {
        var discounted = copy(subscription, step)
                .setDiscount(StubDiscounts.of(apply, step.now()))
                .build();
        var invoice = invoices.get(subscription.getLatestInvoiceId());
        if (!subscription.getStatus().equals("incomplete")
                || invoice == null
                || !invoice.getStatus().equals("open")) {
            return step.accept(discounted);
        }
        long subtotal = invoice.getSubtotalMicros() == null ? invoice.getAmountMicros() : invoice.getSubtotalMicros();
        return step.accept(
                discounted,
                StubDiscounts.priced(InvoiceSnapshot.newBuilder(invoice), subtotal, discounted.getDiscount())
                        .setVersion(step.version())
                        .build());
    }

    private Decision update(Step step, SubscriptionSnapshot subscription, UpdateSubscription update) {
        if (subscription.getStatus().equals("canceled")) {
            return rejected(
                    step.command(), "subscription_update_failed", "Subscription is canceled; canceled is final");
        }
        var metadata = new HashMap<>(subscription.getMetadata());
        update.getMetadata().forEach((key, value) -> {
            if (value.isEmpty()) {
                metadata.remove(key);
            } else {
                metadata.put(key, value);
            }
        });
        var updated = copy(subscription, step).setMetadata(metadata);
        if (update.getAmountMicros() != null) {
            updated.setPendingInvoiceLines(pendingAfter(step, subscription, update));
            updated.setAmountMicros(update.getAmountMicros());
        }
        if (update.getInterval() != null) {
            updated.setInterval(update.getInterval());
        }
        if (update.getPlanId() != null) {
            updated.setPlanId(update.getPlanId());
        }
        return step.accept(updated.build());
    }

    /**
     * The pending lines after a change of amount of an active subscription in the same interval: its two proration
     * lines appended (the shared rule, {@link Proration}), unless the behavior is none. The other cases of the rule
     * (always_invoice's invoice, trials, carried credit) are billing-streams' own tests.
     */
    private static List<InvoiceLineSnapshot> pendingAfter(
            Step step, SubscriptionSnapshot subscription, UpdateSubscription update) {
        var pending = new ArrayList<>(subscription.getPendingInvoiceLines());
        var oldMicros = subscription.getAmountMicros();
        var newMicros = update.getAmountMicros();
        var now = step.now();
        var start = subscription.getCurrentPeriodStart();
        var end = subscription.getCurrentPeriodEnd();
        if (newMicros == null
                || newMicros == oldMicros
                || "none".equals(update.getProrationBehavior())
                || !subscription.getStatus().equals("active")
                || (update.getInterval() != null && !update.getInterval().equals(subscription.getInterval()))
                || !now.isBefore(end)) {
            return pending;
        }
        var lines = Proration.lines(oldMicros, newMicros, start, end, now);
        var rest = now.isAfter(start) ? now : start;
        var interval = subscription.getInterval();
        pending.add(new InvoiceLineSnapshot(
                "proration",
                Proration.unusedTime(oldMicros, interval),
                rest,
                end,
                1L,
                lines.unusedMicros(),
                lines.unusedMicros()));
        pending.add(new InvoiceLineSnapshot(
                "proration",
                Proration.remainingTime(newMicros, interval),
                rest,
                end,
                1L,
                lines.remainingMicros(),
                lines.remainingMicros()));
        return pending;
    }

    private Decision withInvoice(
            Step step,
            SubscriptionSnapshot subscription,
            String invoiceId,
            java.util.function.Function<InvoiceSnapshot, Decision> decide) {
        var invoice = invoices.get(invoiceId);
        if (invoice == null || !invoice.getSubscriptionId().equals(subscription.getId())) {
            return rejected(step.command(), "resource_missing", "No such invoice: '" + invoiceId + "'");
        }
        return decide.apply(invoice);
    }

    private static SubscriptionSnapshot.Builder mandate(
            SubscriptionSnapshot subscription, Step step, @Nullable String onChainId) {
        return copy(subscription, step).setMandateStatus("active").setOnChainSubscriptionId(onChainId);
    }

    private static SubscriptionSnapshot.Builder copy(SubscriptionSnapshot subscription, Step step) {
        return SubscriptionSnapshot.newBuilder(subscription).setVersion(step.version());
    }

    private static Decision rejected(SubscriptionCommand command, String code, String message) {
        return new Decision(
                ChangeFixtures.rejected(
                        command.getCommandId(),
                        command.getSubscriptionId(),
                        command.getMerchantId(),
                        command.getMode(),
                        code,
                        message),
                null);
    }

    private void remember(Change change) {
        if (change.getOutcome() != Outcome.ACCEPTED) {
            return;
        }
        for (var snapshot : change.getSnapshots()) {
            if (snapshot instanceof SubscriptionSnapshot s) {
                subscriptions.put(s.getId(), s);
            } else if (snapshot instanceof InvoiceSnapshot i) {
                invoices.put(i.getId(), i);
            }
        }
    }

    /**
     * The sandbox's hash of a settlement: {@code 0x} + hex SHA-256 of {@code sandbox:<requestId>}, as settlement mints
     * it.
     */
    static String txHash(String requestId) {
        try {
            var digest = MessageDigest.getInstance("SHA-256")
                    .digest(("sandbox:" + requestId).getBytes(StandardCharsets.UTF_8));
            return "0x" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One command being applied: its aggregate version, and how its Changes are built. */
    private record Step(SubscriptionCommand command, long version) {

        java.time.Instant now() {
            return command.getRequestedAt();
        }

        /**
         * The settlement's result command: its id derived from {@code settle:<requestId>} as billing-streams derives
         * it, one version later.
         */
        Step settlement(String requestId) {
            var resultId = Ids.derivedId(IdPrefix.COMMAND, command.getRequestedAt(), "settle:" + requestId);
            return new Step(
                    SubscriptionCommand.newBuilder(command)
                            .setCommandId(resultId)
                            .build(),
                    version + 1);
        }

        String commandId() {
            return command.getCommandId();
        }

        Decision accept(Object... snapshots) {
            return new Decision(acceptedChange(List.of(snapshots), null), null);
        }

        Decision settle(Step result, List<Object> snapshots, List<Object> settledSnapshots) {
            return new Decision(
                    acceptedChange(snapshots, result.commandId()), result.acceptedChange(settledSnapshots, null));
        }

        Change acceptedChange(List<Object> snapshots, @Nullable String followUpCommandId) {
            return Change.newBuilder()
                    .setCommandId(command.getCommandId())
                    .setAggregateType("subscription")
                    .setAggregateId(command.getSubscriptionId())
                    .setMerchantId(command.getMerchantId())
                    .setMode(command.getMode())
                    .setRequestedAt(command.getRequestedAt())
                    .setOutcome(Outcome.ACCEPTED)
                    .setSnapshots(snapshots)
                    .setFollowUpCommandId(followUpCommandId)
                    .build();
        }
    }
}
