package io.abk.billing.gateway.api.paymentlink;

import io.abk.billing.gateway.api.payment.OneTimeAmount;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
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
    static final int MAX_TIMESTAMP_LENGTH = 64;
    /**
     * The latest expiry accepted: ISO-8601 parses years far beyond what PostgreSQL's timestamptz (294276 AD) and
     * epoch milliseconds hold, and such a row would stop the read-model projector, so four-digit years only.
     */
    static final Instant LATEST_EXPIRY = Instant.parse("9999-12-31T23:59:59.999Z");

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
        var text = fields.optionalString("expiresAt", MAX_TIMESTAMP_LENGTH).orElse(null);
        if (text == null) {
            return null;
        }
        Instant expiresAt;
        try {
            expiresAt = Instant.parse(text).truncatedTo(ChronoUnit.MILLIS);
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(
                    "expiresAt", "expiresAt must be an ISO-8601 date-time with a zone, e.g. 2026-12-31T23:59:59Z");
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
