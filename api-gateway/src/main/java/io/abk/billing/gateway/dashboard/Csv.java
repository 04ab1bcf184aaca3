package io.abk.billing.gateway.dashboard;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard's CSV (RFC 4180): fields separated by commas, lines ended by CRLF, a field holding a comma, a quote, CR
 * or LF quoted with its quotes doubled. A text field a spreadsheet would run as a formula (one starting with {@code =},
 * {@code +}, {@code -}, {@code @}, tab or CR) starts with a single quote instead; a decimal is written exactly as it is
 * (a negative one keeps its minus), never through {@code double}.
 */
final class Csv {

    private Csv() {}

    /** One field of a line: a text, or an exact decimal. */
    sealed interface Cell permits Text, Decimal {}

    /** A text field; null is the empty field. */
    record Text(@Nullable String value) implements Cell {}

    /** An exact decimal, written in plain notation. */
    record Decimal(BigDecimal value) implements Cell {}

    static Cell text(@Nullable String value) {
        return new Text(value);
    }

    /** {@code node}'s number as an exact decimal; the empty field when it is absent or not a number. */
    static Cell decimal(@Nullable JsonNode node) {
        return node != null && node.isNumber() ? new Decimal(node.decimalValue()) : new Text(null);
    }

    /** A JSON value as text: a string as it is, a boolean or number as JSON writes it; null when absent or null. */
    static @Nullable String textOf(@Nullable JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        return node.isString() ? node.stringValue() : node.toString();
    }

    /** The line of {@code cells}, CRLF ended. */
    static String line(List<Cell> cells) {
        return cells.stream().map(Csv::field).collect(Collectors.joining(",", "", "\r\n"));
    }

    /** The header line of these column names. */
    static String header(List<String> names) {
        return line(names.stream().map(Csv::text).toList());
    }

    static String field(Cell cell) {
        return switch (cell) {
            case Decimal decimal -> decimal.value().toPlainString();
            case Text text -> text.value() == null ? "" : quoted(guarded(text.value()));
        };
    }

    private static String guarded(String value) {
        if (value.isEmpty()) {
            return value;
        }
        return switch (value.charAt(0)) {
            case '=', '+', '-', '@', '\t', '\r' -> "'" + value;
            default -> value;
        };
    }

    private static String quoted(String value) {
        boolean quote = value.indexOf(',') >= 0
                || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0
                || value.indexOf('\n') >= 0;
        return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
}
