package io.abk.billing.scheduler.domain;

import io.abk.billing.scheduler.domain.DueAction.ChargeDue;
import io.abk.billing.scheduler.domain.DueAction.CheckFunding;
import io.abk.billing.scheduler.domain.DueAction.ExpireIncomplete;
import io.abk.billing.scheduler.domain.DueAction.ExpireLink;
import io.abk.billing.scheduler.domain.DueAction.ExpirePayment;
import io.abk.billing.scheduler.domain.DueAction.Renew;
import io.abk.billing.scheduler.domain.Resource.Invoice;
import io.abk.billing.scheduler.domain.Resource.Payment;
import io.abk.billing.scheduler.domain.Resource.PaymentLink;
import io.abk.billing.scheduler.domain.Resource.Subscription;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Which items are due for a resource in its latest state (docs/architecture.md, "Renewals and other due work"), with
 * their deterministic command ids. Pure: the same resource always gives the same items, so a replay after a crash
 * re-derives the same command ids and the aggregate applies each once.
 */
public final class DueItems {

    /** An incomplete subscription whose customer never set up the mandate is abandoned after a day. */
    public static final Duration INCOMPLETE_LIFETIME = Duration.ofHours(24);

    private DueItems() {}

    /** The items due for {@code resource} under the {@linkplain DuePolicy#DEFAULT default policy}. */
    public static List<DueItem> of(Resource resource, @Nullable Subscription owner) {
        return of(resource, owner, DuePolicy.DEFAULT);
    }

    /**
     * The items due for {@code resource}. {@code owner} is the invoice's subscription as last known (null when
     * unknown or for other resources): only the first charge after {@code complete} depends on it.
     */
    public static List<DueItem> of(Resource resource, @Nullable Subscription owner, DuePolicy policy) {
        return switch (resource) {
            case Subscription subscription -> forSubscription(subscription, policy);
            case Invoice invoice -> forInvoice(invoice, owner);
            case Payment payment ->
                "open".equals(payment.status())
                        ? List.of(item(payment, payment.expiresAt(), payment.id() + ":expire", new ExpirePayment()))
                        : List.of();
            case PaymentLink link ->
                "active".equals(link.status()) && link.expiresAt() != null
                        ? List.of(item(link, link.expiresAt(), link.id() + ":expire", new ExpireLink()))
                        : List.of();
        };
    }

    private static List<DueItem> forSubscription(Subscription subscription, DuePolicy policy) {
        var items = new ArrayList<DueItem>(3);
        var status = subscription.status();
        // Active renews; any other live status with cancelAtPeriodEnd is canceled by the same command at the end.
        // The cancel has its own id: set after this period's renewal fired (during its retries), it must still fire.
        // An active one with a metered item waits the usage grace: its renewal (or final usage invoice before the
        // cancel) bills the period's usage, and events up to the grace late still belong to the period.
        if ("active".equals(status) || !"canceled".equals(status) && subscription.cancelAtPeriodEnd()) {
            var periodEnd = subscription.currentPeriodEnd();
            var purpose = subscription.cancelAtPeriodEnd() ? ":cancel" : ":renew";
            var dueAt =
                    "active".equals(status) && subscription.metered() ? periodEnd.plus(policy.usageGrace()) : periodEnd;
            items.add(item(subscription, dueAt, subscription.id() + ":" + periodEnd + purpose, new Renew(periodEnd)));
        }
        // A renewal that will be charged is announced, and its funding checked on chain, the lead time before it (at
        // once when that time has passed: a subscription activated within it).
        if (policy.checksFunding()
                && "active".equals(status)
                && !subscription.cancelAtPeriodEnd()
                && "active".equals(subscription.mandateStatus())) {
            var periodEnd = subscription.currentPeriodEnd();
            items.add(item(
                    subscription,
                    periodEnd.minus(policy.fundingLead()),
                    subscription.id() + ":" + periodEnd + ":funding",
                    new CheckFunding(periodEnd)));
        }
        if ("incomplete".equals(status) && "pending".equals(subscription.mandateStatus())) {
            items.add(item(
                    subscription,
                    subscription.createdAt().plus(INCOMPLETE_LIFETIME),
                    subscription.id() + ":expire-incomplete",
                    new ExpireIncomplete()));
        }
        return List.copyOf(items);
    }

    private static List<DueItem> forInvoice(Invoice invoice, @Nullable Subscription owner) {
        if (!"open".equals(invoice.status())) {
            return List.of();
        }
        var retryAt = invoice.nextAttemptAt();
        if (retryAt != null) {
            return List.of(charge(invoice, retryAt, invoice.attemptCount() + 1));
        }
        if (isFirstChargeAfterComplete(invoice, owner)) {
            return List.of(charge(invoice, invoice.dueAt(), 1));
        }
        return List.of();
    }

    /** After {@code complete} (mandate active, still incomplete) the untouched first invoice is charged at once. */
    private static boolean isFirstChargeAfterComplete(Invoice invoice, @Nullable Subscription owner) {
        return owner != null
                && owner.id().equals(invoice.subscriptionId())
                && "subscription_create".equals(invoice.billingReason())
                && invoice.attemptCount() == 0
                && "incomplete".equals(owner.status())
                && "active".equals(owner.mandateStatus());
    }

    private static DueItem charge(Invoice invoice, Instant dueAt, int attempt) {
        return item(invoice, dueAt, invoice.id() + ":" + attempt, new ChargeDue(invoice.id(), attempt));
    }

    private static DueItem item(Resource resource, Instant dueAt, String seed, DueAction action) {
        return new DueItem(
                resource.id(),
                resource.aggregateId(),
                resource.merchantId(),
                resource.mode(),
                dueAt,
                Ids.derivedId(IdPrefix.COMMAND, dueAt, seed),
                action);
    }
}
