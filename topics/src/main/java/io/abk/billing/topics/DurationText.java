package io.abk.billing.topics;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * Durations as the services' settings write them: {@code 250ms}, {@code 5s}, {@code 30m}, {@code 12h}, {@code 3d},
 * or ISO-8601 ({@code PT5S}, {@code P3D}), the same forms the webhook sender's Spring settings accept, so one
 * {@code BILLING_WEBHOOKS_RETRY_DELAYS} value means the same schedule to both.
 */
final class DurationText {

    private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    private DurationText() {}

    static Duration parse(String variable, String text) {
        var trimmed = text.trim();
        var simple = SIMPLE.matcher(trimmed.toLowerCase(java.util.Locale.ROOT));
        if (simple.matches()) {
            long amount = Long.parseLong(simple.group(1));
            return switch (simple.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        }
        try {
            return Duration.parse(trimmed);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    variable + " must be a duration such as 5s, 30m, 12h, 3d or PT5S, was '" + text + "'", e);
        }
    }
}
