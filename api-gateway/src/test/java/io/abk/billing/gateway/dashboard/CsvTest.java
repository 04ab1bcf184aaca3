package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.readmodel.ResourceJson;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void shouldLeaveAPlainFieldAsItIs() {
        assertThat(Csv.field(Csv.text("sub_123"))).isEqualTo("sub_123");
        assertThat(Csv.field(Csv.text(null))).isEmpty();
        assertThat(Csv.field(Csv.text(""))).isEmpty();
    }

    @Test
    void shouldQuoteAFieldWithACommaQuoteCrOrLfAndDoubleItsQuotes() {
        assertThat(Csv.field(Csv.text("a,b"))).isEqualTo("\"a,b\"");
        assertThat(Csv.field(Csv.text("say \"hi\""))).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(Csv.field(Csv.text("two\nlines"))).isEqualTo("\"two\nlines\"");
        assertThat(Csv.field(Csv.text("two\r\nlines"))).isEqualTo("\"two\r\nlines\"");
    }

    // Protects against a spreadsheet running a merchantRef or description a customer chose as a formula.
    @Test
    void shouldStartAFieldASpreadsheetWouldRunAsAFormulaWithASingleQuote() {
        for (var formula : List.of("=1+1", "+1", "-1", "@SUM(A1)", "\tx")) {
            assertThat(Csv.field(Csv.text(formula))).isEqualTo("'" + formula);
        }
        assertThat(Csv.field(Csv.text("\rx"))).isEqualTo("\"'\rx\"");
        assertThat(Csv.field(Csv.text("=HYPERLINK(\"x\",\"y\")"))).isEqualTo("\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"");
        assertThat(Csv.field(Csv.text("a=1"))).isEqualTo("a=1");
    }

    @Test
    void shouldWriteDecimalsExactlyAndUnquotedAMinusIncluded() {
        var resource = ResourceJson.parse(
                "{\"a\": 12.345678, \"b\": 0.000001, \"c\": -3.10, \"d\": 9007199254740993.123456, \"e\": 10}");
        assertThat(Csv.field(Csv.decimal(resource.get("a")))).isEqualTo("12.345678");
        assertThat(Csv.field(Csv.decimal(resource.get("b")))).isEqualTo("0.000001");
        assertThat(Csv.field(Csv.decimal(resource.get("c")))).isEqualTo("-3.10");
        assertThat(Csv.field(Csv.decimal(resource.get("d")))).isEqualTo("9007199254740993.123456");
        assertThat(Csv.field(Csv.decimal(resource.get("e")))).isEqualTo("10");
        assertThat(Csv.field(Csv.decimal(resource.get("missing")))).isEmpty();
        assertThat(Csv.field(new Csv.Decimal(new BigDecimal("1E-6")))).isEqualTo("0.000001");
    }

    @Test
    void shouldEndALineWithCrlfAndSeparateItsFieldsWithCommas() {
        assertThat(Csv.line(List.of(Csv.text("x,y"), Csv.decimal(ResourceJson.parse("1.5")), Csv.text(null))))
                .isEqualTo("\"x,y\",1.5,\r\n");
        assertThat(Csv.header(List.of("id", "amountUsdc"))).isEqualTo("id,amountUsdc\r\n");
    }

    @Test
    void shouldWriteABooleanOrNumberOfATextColumnAsJsonDoes() {
        var resource = ResourceJson.parse("{\"t\": true, \"n\": 3, \"s\": \"x\", \"z\": null}");
        assertThat(Csv.textOf(resource.get("t"))).isEqualTo("true");
        assertThat(Csv.textOf(resource.get("n"))).isEqualTo("3");
        assertThat(Csv.textOf(resource.get("s"))).isEqualTo("x");
        assertThat(Csv.textOf(resource.get("z"))).isNull();
        assertThat(Csv.textOf(resource.get("absent"))).isNull();
    }
}
