package io.abk.billing.gateway.api.paymentlink;

import io.abk.billing.gateway.api.RequestTimestamps;
import io.abk.billing.gateway.api.payment.OneTimeAmount;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /v1/payment-links} body (docs/api.md, {@code CreatePaymentLinkRequest}). No field is
 * required; the amount is {@link OneTimeAmount} (so one of {@code amountUsdc} and {@code priceId} must be there). Every
 * field is read through {@link RequestFields}: a wrong type or bad value is a 400 {@code validation_error} naming it.
 *
 * @param merchantRefPrefix null: the link's id (the minted payments' references are {@code <prefix>_<n>})
 * @param maxUses null: unlimited
 * @param expiresAt null: never; else in the future of the mode's now, to the millisecond
 */
record CreatePaymentLinkRequest(
        OneTimeAmount amount,
        @Nullable String description,
        @Nullable String merchantRefPrefix,
        @Nullable String payoutAddressEvm,
        @Nullable Integer maxUses,
        @Nullable Instant expiresAt,
        boolean collectEmail,
        boolean collectName,
        Map<String, String> metadata,
        @Nullable URI successUrl,
        @Nullable URI cancelUrl) {

    static final int MAX_USES = 1_000_000;
    static final int MAX_DESCRIPTION_LENGTH = 500;
    static final int MAX_PREFIX_LENGTH = 100;
    /** The latest expiry accepted ({@link RequestTimestamps#LATEST}). */
    static final Instant LATEST_EXPIRY = RequestTimestamps.LATEST;

    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9_-]+");

    static CreatePaymentLinkRequest parse(RequestFields fields, Instant now) {
        var amount = OneTimeAmount.parse(fields, "a payment link");
        var description =
                fields.optionalString("description", MAX_DESCRIPTION_LENGTH).orElse(null);
        var prefix = fields.optionalString("merchantRefPrefix", MAX_PREFIX_LENGTH)
                .map(value -> {
                    if (!PREFIX.matcher(value).matches()) {
                        throw ApiException.invalid(
                                "merchantRefPrefix", "merchantRefPrefix may only hold letters, digits, _ and -");
                    }
                    return value;
                })
                .orElse(null);
        var payout = fields.optionalEvmAddress("payoutAddressEvm").orElse(null);
        var maxUses = fields.optionalInt("maxUses", 1, MAX_USES).orElse(null);
        var expiresAt = expiresAt(fields, now);
        var collectEmail = fields.optionalBoolean("collectEmail").orElse(false);
        var collectName = fields.optionalBoolean("collectName").orElse(false);
        var metadata = fields.optionalMetadata("metadata");
        var successUrl = fields.optionalHttpUrl("successUrl").orElse(null);
        var cancelUrl = fields.optionalHttpUrl("cancelUrl").orElse(null);
        return new CreatePaymentLinkRequest(
                amount,
                description,
                prefix,
                payout,
                maxUses,
                expiresAt,
                collectEmail,
                collectName,
                metadata,
                successUrl,
                cancelUrl);
    }

    /** An ISO-8601 date-time with a zone ({@code Z} or an offset), after {@code now}; null or absent: never expires. */
    private static @Nullable Instant expiresAt(RequestFields fields, Instant now) {
        var expiresAt = RequestTimestamps.optional(fields, "expiresAt").orElse(null);
        if (expiresAt == null) {
            return null;
        }
        if (!expiresAt.isAfter(now)) {
            throw ApiException.invalid("expiresAt", "expiresAt must be in the future");
        }
        if (expiresAt.isAfter(LATEST_EXPIRY)) {
            throw ApiException.invalid("expiresAt", "expiresAt must be before the year 10000");
        }
        return expiresAt;
    }
}
