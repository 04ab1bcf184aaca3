package io.abk.billing.schemas.render;

import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CustomerActionSnapshot;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.DiscountSnapshot;
import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.MandateSignatureSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PriceTierPart;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.TransferAuthorizationSnapshot;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.money.Discounts;
import io.abk.billing.schemas.money.SixDecimalAmounts;
import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Renders snapshots as the API shows them: camelCase fields, amounts as exact decimals (USDC), timestamps as
 * ISO-8601 UTC strings with a {@code Z}, modes as {@code test}/{@code live}, gas costs in wei as decimal strings (they
 * outgrow a JSON number's safe range). The maps keep field order; a JSON
 * writer must write {@link BigDecimal} as a plain number (no exponent).
 */
public final class ApiJson {

    private ApiJson() {}

    public static Map<String, @Nullable Object> subscription(SubscriptionSnapshot s) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", s.getId());
        json.put("object", "subscription");
        json.put("status", s.getStatus());
        json.put("amountUsdc", amount(s.getAmountMicros()));
        json.put("interval", s.getInterval());
        json.put("walletAddress", s.getWalletAddress());
        json.put("customerId", customerId(s.getCustomerId(), s.getMerchantId(), s.getMode(), s.getWalletAddress()));
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
        json.put("mandateSignature", mandateSignature(s.getMandateSignature()));
        json.put("lastCustomerAction", lastCustomerAction(s.getCustomerActions()));
        json.put("latestInvoiceId", s.getLatestInvoiceId());
        json.put("discount", discount(s.getDiscount()));
        json.put(
                "pendingInvoiceLines",
                s.getPendingInvoiceLines().stream().map(ApiJson::invoiceLine).toList());
        json.put("items", s.getItems().stream().map(ApiJson::subscriptionItem).toList());
        json.put(
                "maxAmountPerPeriodUsdc",
                s.getMaxAmountPerPeriodMicros() == null ? null : amount(s.getMaxAmountPerPeriodMicros()));
        json.put("successUrl", s.getSuccessUrl());
        json.put("cancelUrl", s.getCancelUrl());
        json.put("metadata", new TreeMap<>(s.getMetadata()));
        json.put("mode", mode(s.getMode()));
        json.put("createdAt", timestamp(s.getCreatedAt()));
        return json;
    }

    /**
     * One item of a subscription: a licensed price (its quantity times its unit amount each period) or a metered one
     * (its meter's quantity each period, at the unit amount or by graduated tiers, null without).
     */
    static Map<String, @Nullable Object> subscriptionItem(SubscriptionItemPart item) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", item.getItemId());
        json.put("priceId", item.getPriceId());
        json.put("usageType", item.getUsageType());
        json.put("quantity", item.getQuantity());
        json.put("meterId", item.getMeterId());
        json.put("unitAmountUsdc", amount(item.getUnitAmountMicros()));
        json.put(
                "tiers",
                item.getTiers().isEmpty()
                        ? null
                        : item.getTiers().stream().map(ApiJson::tier).toList());
        return json;
    }

    /** A graduated tier: units up to {@code upTo} (null: the rest) at {@code unitAmountUsdc}, plus a flat amount. */
    public static Map<String, @Nullable Object> tier(
            @Nullable Long upTo, long unitAmountMicros, long flatAmountMicros) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("upTo", upTo);
        json.put("unitAmountUsdc", amount(unitAmountMicros));
        json.put("flatAmountUsdc", amount(flatAmountMicros));
        return json;
    }

    private static Map<String, @Nullable Object> tier(PriceTierPart tier) {
        return tier(tier.getUpTo(), tier.getUnitAmountMicros(), tier.getFlatAmountMicros());
    }

    public static Map<String, @Nullable Object> invoice(InvoiceSnapshot i) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", i.getId());
        json.put("object", "invoice");
        json.put("subscriptionId", i.getSubscriptionId());
        json.put("customerId", i.getCustomerId());
        json.put("number", i.getNumber());
        json.put("status", i.getStatus());
        json.put("amountUsdc", amount(i.getAmountMicros()));
        json.put("amountRefundedUsdc", amount(i.getAmountRefundedMicros()));
        json.put("subtotalUsdc", amount(InvoiceLines.subtotalMicros(i)));
        json.put("discountUsdc", amount(i.getDiscountMicros()));
        json.put("lines", InvoiceLines.of(i).stream().map(ApiJson::invoiceLine).toList());
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
        json.put("gasUsed", i.getGasUsed());
        json.put("gasCostWei", i.getGasCostWei());
        json.put("refundTxHash", i.getRefundTxHash());
        json.put("refundedAt", timestamp(i.getRefundedAt()));
        json.put("voidedAt", timestamp(i.getVoidedAt()));
        json.put("finalizedAt", timestamp(i.getFinalizedAt()));
        json.put("hostedInvoiceUrl", i.getHostedInvoiceUrl());
        json.put("mode", mode(i.getMode()));
        json.put("createdAt", timestamp(i.getCreatedAt()));
        return json;
    }

    /** One line of an invoice; its amounts are signed (a discount or a credit proration is negative). */
    static Map<String, @Nullable Object> invoiceLine(InvoiceLineSnapshot l) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("kind", l.getKind());
        json.put("description", l.getDescription());
        json.put("periodStart", timestamp(l.getPeriodStart()));
        json.put("periodEnd", timestamp(l.getPeriodEnd()));
        json.put("quantity", l.getQuantity());
        json.put("unitAmountUsdc", SixDecimalAmounts.toDecimal(l.getUnitAmountMicros()));
        json.put("amountUsdc", SixDecimalAmounts.toDecimal(l.getAmountMicros()));
        return json;
    }

    /** A one-time payment; {@code amountReceivedUsdc} is null while unpaid. */
    public static Map<String, @Nullable Object> payment(PaymentSnapshot p) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", p.getId());
        json.put("object", "payment");
        json.put("status", p.getStatus());
        json.put("amountUsdc", amount(p.getAmountMicros()));
        json.put(
                "amountReceivedUsdc", p.getAmountReceivedMicros() == null ? null : amount(p.getAmountReceivedMicros()));
        json.put("customerWallet", p.getCustomerWallet());
        json.put("customerId", customerId(p.getCustomerId(), p.getMerchantId(), p.getMode(), p.getCustomerWallet()));
        json.put("payoutAddressEvm", p.getPayoutAddress());
        json.put("merchantRef", p.getMerchantRef());
        json.put("priceId", p.getPriceId());
        json.put("paymentLinkId", p.getPaymentLinkId());
        json.put("description", p.getDescription());
        json.put("checkoutUrl", p.getCheckoutUrl());
        json.put("successUrl", p.getSuccessUrl());
        json.put("cancelUrl", p.getCancelUrl());
        json.put("customerEmail", p.getCustomerEmail());
        json.put("customerName", p.getCustomerName());
        json.put("metadata", new TreeMap<>(p.getMetadata()));
        json.put("expiresAt", timestamp(p.getExpiresAt()));
        json.put("paidAt", timestamp(p.getPaidAt()));
        json.put("paidLate", p.getPaidLate());
        json.put("txHash", p.getTxHash());
        json.put("authorization", authorization(p.getAuthorization()));
        json.put("mode", mode(p.getMode()));
        json.put("createdAt", timestamp(p.getCreatedAt()));
        return json;
    }

    /**
     * The customer's latest signed mandate handed to the relayer (subscribe by signature), or null: its status, the
     * signer, what it covers, and the relayer's transaction and gas or why it failed.
     */
    static @Nullable Map<String, @Nullable Object> mandateSignature(@Nullable MandateSignatureSnapshot m) {
        if (m == null) {
            return null;
        }
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("status", m.getStatus());
        json.put("wallet", m.getWallet());
        json.put("periods", m.getPeriods());
        json.put("deadline", timestamp(m.getDeadline()));
        json.put("txHash", m.getTxHash());
        json.put("gasUsed", m.getGasUsed());
        json.put("gasCostWei", m.getGasCostWei());
        json.put("failureCode", m.getFailureCode());
        json.put("failureMessage", m.getFailureMessage());
        json.put("submittedAt", timestamp(m.getSubmittedAt()));
        return json;
    }

    /**
     * The action the customer submitted last in the customer portal (revoke, raise_allowance) through the relayer, or
     * null: its status, and the relayer's transaction and gas or why it failed.
     */
    static @Nullable Map<String, @Nullable Object> lastCustomerAction(List<CustomerActionSnapshot> actions) {
        if (actions.isEmpty()) {
            return null;
        }
        var a = actions.getLast();
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("kind", a.getKind());
        json.put("status", a.getStatus());
        json.put("txHash", a.getTxHash());
        json.put("gasUsed", a.getGasUsed());
        json.put("gasCostWei", a.getGasCostWei());
        json.put("failureCode", a.getFailureCode());
        json.put("failureMessage", a.getFailureMessage());
        json.put("submittedAt", timestamp(a.getSubmittedAt()));
        return json;
    }

    /** The customer's latest EIP-3009 transfer authorization handed to the relayer (pay by signature), or null. */
    static @Nullable Map<String, @Nullable Object> authorization(@Nullable TransferAuthorizationSnapshot a) {
        if (a == null) {
            return null;
        }
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("status", a.getStatus());
        json.put("fromAddress", a.getFromAddress());
        json.put("txHash", a.getTxHash());
        json.put("gasUsed", a.getGasUsed());
        json.put("gasCostWei", a.getGasCostWei());
        json.put("failureCode", a.getFailureCode());
        json.put("failureMessage", a.getFailureMessage());
        json.put("submittedAt", timestamp(a.getSubmittedAt()));
        return json;
    }

    /** A payment link; its public URL is rendered beside it ({@code {paymentLink, url}}) and inside as {@code url}. */
    public static Map<String, @Nullable Object> paymentLink(PaymentLinkSnapshot l) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", l.getId());
        json.put("object", "payment_link");
        json.put("status", l.getStatus());
        json.put("amountUsdc", amount(l.getAmountMicros()));
        json.put("description", l.getDescription());
        json.put("useCount", l.getUseCount());
        json.put("maxUses", l.getMaxUses());
        json.put("paidCount", l.getPaidCount());
        json.put("expiresAt", timestamp(l.getExpiresAt()));
        json.put("merchantRefPrefix", l.getMerchantRefPrefix());
        json.put("payoutAddressEvm", l.getPayoutAddress());
        json.put("priceId", l.getPriceId());
        json.put("url", l.getUrl());
        json.put("successUrl", l.getSuccessUrl());
        json.put("cancelUrl", l.getCancelUrl());
        json.put("collectEmail", l.getCollectEmail());
        json.put("collectName", l.getCollectName());
        json.put("metadata", new TreeMap<>(l.getMetadata()));
        json.put("disabledAt", timestamp(l.getDisabledAt()));
        json.put("mode", mode(l.getMode()));
        json.put("createdAt", timestamp(l.getCreatedAt()));
        return json;
    }

    /** A customer: one wallet within a merchant and mode. */
    public static Map<String, @Nullable Object> customer(CustomerSnapshot c) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", c.getId());
        json.put("object", "customer");
        json.put("wallet", c.getWallet());
        json.put("email", c.getEmail());
        json.put("name", c.getName());
        json.put("metadata", new TreeMap<>(c.getMetadata()));
        json.put("mode", mode(c.getMode()));
        json.put("createdAt", timestamp(c.getCreatedAt()));
        json.put("updatedAt", timestamp(c.getUpdatedAt()));
        return json;
    }

    /** A coupon: a discount subscriptions may redeem, by its id or through a promotion code. */
    public static Map<String, @Nullable Object> coupon(CouponSnapshot c) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", c.getId());
        json.put("object", "coupon");
        json.put("name", c.getName());
        json.put(
                "percentOff",
                c.getPercentOffBasisPoints() == null ? null : Discounts.percent(c.getPercentOffBasisPoints()));
        json.put("amountOffUsdc", c.getAmountOffMicros() == null ? null : amount(c.getAmountOffMicros()));
        json.put("duration", c.getDuration());
        json.put("durationInMonths", c.getDurationInMonths());
        json.put("maxRedemptions", c.getMaxRedemptions());
        json.put("timesRedeemed", c.getTimesRedeemed());
        json.put("redeemBy", timestamp(c.getRedeemBy()));
        json.put("valid", c.getValid());
        json.put("metadata", new TreeMap<>(c.getMetadata()));
        json.put("mode", mode(c.getMode()));
        json.put("createdAt", timestamp(c.getCreatedAt()));
        json.put("disabledAt", timestamp(c.getDisabledAt()));
        return json;
    }

    /** A customer-facing code of a coupon. */
    public static Map<String, @Nullable Object> promotionCode(PromotionCodeSnapshot p) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", p.getId());
        json.put("object", "promotion_code");
        json.put("code", p.getCode());
        json.put("couponId", p.getCouponId());
        json.put("active", p.getActive());
        json.put("maxRedemptions", p.getMaxRedemptions());
        json.put("timesRedeemed", p.getTimesRedeemed());
        json.put("expiresAt", timestamp(p.getExpiresAt()));
        json.put("metadata", new TreeMap<>(p.getMetadata()));
        json.put("mode", mode(p.getMode()));
        json.put("createdAt", timestamp(p.getCreatedAt()));
        return json;
    }

    /** A subscription's discount, or null. */
    private static @Nullable Map<String, @Nullable Object> discount(@Nullable DiscountSnapshot d) {
        if (d == null) {
            return null;
        }
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("couponId", d.getCouponId());
        json.put("couponName", d.getCouponName());
        json.put("promotionCodeId", d.getPromotionCodeId());
        json.put(
                "percentOff",
                d.getPercentOffBasisPoints() == null ? null : Discounts.percent(d.getPercentOffBasisPoints()));
        json.put("amountOffUsdc", d.getAmountOffMicros() == null ? null : amount(d.getAmountOffMicros()));
        json.put("duration", d.getDuration());
        json.put("durationInMonths", d.getDurationInMonths());
        json.put("start", timestamp(d.getStart()));
        json.put("end", timestamp(d.getEnd()));
        return json;
    }

    /**
     * The customer id a snapshot holds, else the one its wallet derives ({@link CustomerIds}: a resource last changed
     * before customers existed holds none), else null (no wallet yet).
     */
    private static @Nullable String customerId(
            @Nullable String held, String merchantId, Mode mode, @Nullable String wallet) {
        if (held != null) {
            return held;
        }
        return wallet == null ? null : CustomerIds.of(merchantId, mode(mode), wallet);
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
