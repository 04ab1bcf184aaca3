package io.abk.billing.schemas.render;

import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Renders snapshots as the API shows them: camelCase fields, amounts as exact decimals (USDC), timestamps as
 * ISO-8601 UTC strings with a {@code Z}, modes as {@code test}/{@code live}. The maps keep field order; a JSON
 * writer must write {@link BigDecimal} as a plain number (no exponent).
 */
public final class ApiJson {

    private ApiJson() {
    }

    public static Map<String, @Nullable Object> subscription(SubscriptionSnapshot s) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", s.getId());
        json.put("object", "subscription");
        json.put("status", s.getStatus());
        json.put("amountUsdc", amount(s.getAmountMicros()));
        json.put("interval", s.getInterval());
        json.put("walletAddress", s.getWalletAddress());
        json.put("payoutAddressEvm", s.getPayoutAddress());
        json.put("merchantRef", s.getMerchantRef());
        json.put("priceId", s.getPriceId());
        json.put("planId", s.getPlanId());
        json.put("currentPeriodStart", timestamp(s.getCurrentPeriodStart()));
        json.put("currentPeriodEnd", timestamp(s.getCurrentPeriodEnd()));
        json.put("billingCycleAnchor", timestamp(s.getBillingCycleAnchor()));
        json.put("trialEnd", timestamp(s.getTrialEnd()));
        json.put("cancelAtPeriodEnd", s.getCancelAtPeriodEnd());
        json.put("canceledAt", timestamp(s.getCanceledAt()));
        json.put("pausedAt", timestamp(s.getPausedAt()));
        json.put("mandateStatus", s.getMandateStatus());
        json.put("onChainSubscriptionId", s.getOnChainSubscriptionId());
        json.put("latestInvoiceId", s.getLatestInvoiceId());
        json.put("successUrl", s.getSuccessUrl());
        json.put("cancelUrl", s.getCancelUrl());
        json.put("metadata", new TreeMap<>(s.getMetadata()));
        json.put("mode", mode(s.getMode()));
        json.put("createdAt", timestamp(s.getCreatedAt()));
        return json;
    }

    public static Map<String, @Nullable Object> invoice(InvoiceSnapshot i) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", i.getId());
        json.put("object", "invoice");
        json.put("subscriptionId", i.getSubscriptionId());
        json.put("status", i.getStatus());
        json.put("amountUsdc", amount(i.getAmountMicros()));
        json.put("amountRefundedUsdc", amount(i.getAmountRefundedMicros()));
        json.put("billingReason", i.getBillingReason());
        json.put("periodStart", timestamp(i.getPeriodStart()));
        json.put("periodEnd", timestamp(i.getPeriodEnd()));
        json.put("dueAt", timestamp(i.getDueAt()));
        json.put("attemptCount", i.getAttemptCount());
        json.put("nextAttemptAt", timestamp(i.getNextAttemptAt()));
        json.put("failureCode", i.getFailureCode());
        json.put("failureMessage", i.getFailureMessage());
        json.put("paidAt", timestamp(i.getPaidAt()));
        json.put("txHash", i.getTxHash());
        json.put("refundTxHash", i.getRefundTxHash());
        json.put("refundedAt", timestamp(i.getRefundedAt()));
        json.put("voidedAt", timestamp(i.getVoidedAt()));
        json.put("mode", mode(i.getMode()));
        json.put("createdAt", timestamp(i.getCreatedAt()));
        return json;
    }

    public static BigDecimal amount(long micros) {
        return UsdcAmount.ofMicros(micros).toDecimal();
    }

    public static @Nullable String timestamp(@Nullable Instant instant) {
        return instant == null ? null : DateTimeFormatter.ISO_INSTANT.format(instant);
    }

    public static String mode(Mode mode) {
        return switch (mode) {
            case TEST -> "test";
            case LIVE -> "live";
        };
    }
}
