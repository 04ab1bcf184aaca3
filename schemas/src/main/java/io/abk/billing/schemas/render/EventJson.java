package io.abk.billing.schemas.render;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Funding;
import io.abk.billing.schemas.avro.UpcomingInvoice;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Renders a {@link BillingEvent} as the webhook payload and the event API show it (docs/architecture.md, "Webhooks"):
 * {@code {id, type, createdAt, mode, data}}, {@code data} holding the snapshots as the API renders them.
 * {@code subscription.*} carries {@code {subscription}}; {@code invoice.*} {@code {invoice, subscription}}, plus
 * {@code failureCode} and {@code failureMessage} for {@code invoice.payment_failed} and {@code invoice.reopened}
 * and {@code refundAmountUsdc} for {@code invoice.refunded}; {@code payment.*} {@code {payment}}, plus
 * {@code failureCode} and {@code failureMessage} for {@code payment.reopened}. The funding events
 * (docs/architecture.md, "Funding checks") carry no invoice: {@code invoice.upcoming}
 * {@code {subscription, upcomingInvoice, funding, fundingShortfall, portalUrl}} and {@code subscription.allowance_low}
 * {@code {subscription, funding, portalUrl}}.
 */
public final class EventJson {

    /** The event types whose data says why: a charge that failed, a payment that left the chain. */
    private static final Set<String> WITH_FAILURE =
            Set.of("invoice.payment_failed", "invoice.reopened", "payment.reopened");

    private EventJson() {}

    public static Map<String, @Nullable Object> event(BillingEvent event) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", event.getEventId());
        json.put("type", event.getType());
        json.put("createdAt", ApiJson.timestamp(event.getCreatedAt()));
        json.put("mode", ApiJson.mode(event.getMode()));
        json.put("data", data(event));
        return json;
    }

    private static Map<String, @Nullable Object> upcomingInvoice(UpcomingInvoice upcoming) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("amountUsdc", ApiJson.amount(upcoming.getAmountMicros()));
        json.put("periodStart", ApiJson.timestamp(upcoming.getPeriodStart()));
        json.put("periodEnd", ApiJson.timestamp(upcoming.getPeriodEnd()));
        json.put("dueAt", ApiJson.timestamp(upcoming.getDueAt()));
        return json;
    }

    /** What the chain showed of the wallet; {@code periodsCovered} is how many renewals the allowance still pays. */
    private static Map<String, @Nullable Object> funding(Funding funding) {
        var required = funding.getRequiredMicros();
        var allowance = funding.getAllowanceMicros();
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("requiredUsdc", ApiJson.amount(required));
        json.put("balanceUsdc", amountOrNull(funding.getBalanceMicros()));
        json.put("allowanceUsdc", amountOrNull(allowance));
        json.put("periodsCovered", allowance == null || required == 0 ? null : allowance / required);
        json.put("chargesLeft", funding.getChargesLeft());
        json.put("blockNumber", funding.getBlockNumber());
        return json;
    }

    /**
     * What keeps the renewal from being charged, or null when nothing does: the balance or the allowance short of the
     * renewal's amount (by how much), or a signed mandate with no charge left.
     */
    private static @Nullable Map<String, @Nullable Object> shortfall(Funding funding) {
        var required = funding.getRequiredMicros();
        var balanceShort = shortBy(required, funding.getBalanceMicros());
        var allowanceShort = shortBy(required, funding.getAllowanceMicros());
        var exhausted = funding.getChargesLeft() != null && funding.getChargesLeft() <= 0;
        if (balanceShort == null && allowanceShort == null && !exhausted) {
            return null;
        }
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("balanceShortUsdc", amountOrNull(balanceShort));
        json.put("allowanceShortUsdc", amountOrNull(allowanceShort));
        json.put("mandateExhausted", exhausted);
        return json;
    }

    private static @Nullable Long shortBy(long required, @Nullable Long available) {
        return available != null && available < required ? required - available : null;
    }

    private static @Nullable Object amountOrNull(@Nullable Long micros) {
        return micros == null ? null : ApiJson.amount(micros);
    }

    private static Map<String, @Nullable Object> data(BillingEvent event) {
        var source = event.getData();
        var data = new LinkedHashMap<String, @Nullable Object>();
        if (source.getInvoice() != null) {
            data.put("invoice", ApiJson.invoice(source.getInvoice()));
        }
        if (source.getSubscription() != null) {
            data.put("subscription", ApiJson.subscription(source.getSubscription()));
        }
        if (source.getPayment() != null) {
            data.put("payment", ApiJson.payment(source.getPayment()));
        }
        if (source.getCustomer() != null) {
            data.put("customer", ApiJson.customer(source.getCustomer()));
        }
        if (source.getCoupon() != null) {
            data.put("coupon", ApiJson.coupon(source.getCoupon()));
        }
        if (source.getPromotionCode() != null) {
            data.put("promotionCode", ApiJson.promotionCode(source.getPromotionCode()));
        }
        if (WITH_FAILURE.contains(event.getType())) {
            data.put("failureCode", source.getFailureCode());
            data.put("failureMessage", source.getFailureMessage());
        }
        if (event.getType().equals("invoice.upcoming")) {
            var upcoming = source.getUpcomingInvoice();
            data.put("upcomingInvoice", upcoming == null ? null : upcomingInvoice(upcoming));
            data.put("funding", source.getFunding() == null ? null : funding(source.getFunding()));
            data.put("fundingShortfall", source.getFunding() == null ? null : shortfall(source.getFunding()));
            data.put("portalUrl", source.getPortalUrl());
        }
        if (event.getType().equals("subscription.allowance_low")) {
            data.put("funding", source.getFunding() == null ? null : funding(source.getFunding()));
            data.put("portalUrl", source.getPortalUrl());
        }
        if (event.getType().equals("invoice.refunded")) {
            var refunded = source.getRefundAmountMicros();
            data.put("refundAmountUsdc", refunded == null ? null : ApiJson.amount(refunded));
        }
        return data;
    }
}
