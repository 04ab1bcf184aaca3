package io.abk.billing.gateway.dashboard;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** How the dashboard shows a resource's values: times in UTC, USDC amounts exactly, statuses with their tone. */
final class Shown {

    /** What a value that is not there shows. */
    static final String NONE = "—";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final Set<String> GOOD = Set.of("active", "paid", "succeeded", "completed", "enabled", "delivered");
    private static final Set<String> BAD = Set.of(
            "past_due", "failed", "uncollectible", "canceled", "void", "disabled", "expired", "refunded", "revoked");
    private static final Set<String> WAITING = Set.of(
            "incomplete",
            "pending",
            "open",
            "draft",
            "trialing",
            "paused",
            "processing",
            "awaiting_payment",
            "expiring");

    private Shown() {}

    /** A field's text, or {@link #NONE} when it is missing or null. */
    static String text(JsonNode resource, String field) {
        var node = resource.path(field);
        return node.isMissingNode() || node.isNull() ? NONE : node.asString();
    }

    /** A timestamp field (ISO-8601) as {@code 30 Nov 2026, 04:12 UTC}, or {@link #NONE}. */
    static String time(JsonNode resource, String field) {
        var text = text(resource, field);
        if (NONE.equals(text)) {
            return NONE;
        }
        try {
            return TIME.format(Instant.parse(text));
        } catch (DateTimeParseException e) {
            return text;
        }
    }

    /** A timestamp field as its day in UTC, {@code 30 Nov 2026}, or {@link #NONE}: a table cell's short form. */
    static String date(JsonNode resource, String field) {
        var text = text(resource, field);
        if (NONE.equals(text)) {
            return NONE;
        }
        try {
            return DATE.format(Instant.parse(text));
        } catch (DateTimeParseException e) {
            return text;
        }
    }

    /** A time as {@link #time(JsonNode, String)} shows it. */
    static String time(Instant at) {
        return TIME.format(at);
    }

    /** An amount field in USDC, exact to its last digit and with at least two: {@code 12.50 USDC}, or {@link #NONE}. */
    static String usdc(JsonNode resource, String field) {
        var node = resource.path(field);
        if (!node.isNumber()) {
            return NONE;
        }
        return usdc(node.decimalValue());
    }

    static String usdc(BigDecimal amount) {
        var exact = amount.stripTrailingZeros();
        return (exact.scale() < 2 ? exact.setScale(2) : exact).toPlainString() + " USDC";
    }

    /** The tone a status is shown in: {@code good}, {@code bad}, {@code wait} or none. */
    static String tone(@Nullable String status) {
        if (status == null) {
            return "";
        }
        return GOOD.contains(status) ? "good" : BAD.contains(status) ? "bad" : WAITING.contains(status) ? "wait" : "";
    }
}
