package io.abk.billing.schemas.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An invoice renders its lines and sums; one stored before lines existed renders the one line it was made of. */
class InvoiceJsonTest {

    private static final Instant START = Instant.parse("2026-01-31T10:00:00Z");
    private static final Instant END = Instant.parse("2026-02-28T10:00:00Z");

    @Test
    void shouldRenderTheLinesAndSumsAfterTheRefundedAmountWhenTheInvoiceHasLines() {
        var invoice = invoice(9_000_000L)
                .setLines(List.of(
                        line("subscription", "12.5 USDC per month", 1, 12_500_000L, 12_500_000L),
                        line("discount", "Welcome offer", 1, -3_500_000L, -3_500_000L)))
                .setSubtotalMicros(12_500_000L)
                .setDiscountMicros(3_500_000L)
                .build();

        var json = ApiJson.invoice(invoice);

        assertThat(List.copyOf(json.keySet()))
                .containsSubsequence(
                        "amountUsdc", "amountRefundedUsdc", "subtotalUsdc", "discountUsdc", "lines", "billingReason");
        assertThat(json)
                .containsEntry("amountUsdc", new BigDecimal("9"))
                .containsEntry("subtotalUsdc", new BigDecimal("12.5"))
                .containsEntry("discountUsdc", new BigDecimal("3.5"));
        assertThat(lines(json))
                .containsExactly(
                        Map.of(
                                "kind", "subscription",
                                "description", "12.5 USDC per month",
                                "periodStart", "2026-01-31T10:00:00Z",
                                "periodEnd", "2026-02-28T10:00:00Z",
                                "quantity", 1L,
                                "unitAmountUsdc", new BigDecimal("12.5"),
                                "amountUsdc", new BigDecimal("12.5")),
                        Map.of(
                                "kind", "discount",
                                "description", "Welcome offer",
                                "periodStart", "2026-01-31T10:00:00Z",
                                "periodEnd", "2026-02-28T10:00:00Z",
                                "quantity", 1L,
                                "unitAmountUsdc", new BigDecimal("-3.5"),
                                "amountUsdc", new BigDecimal("-3.5")));
    }

    @Test
    void shouldRenderOneSubscriptionLineOfItsAmountWhenTheInvoiceWasStoredWithoutLines() {
        var invoice = invoice(12_340_000L).build();

        var json = ApiJson.invoice(invoice);

        assertThat(json)
                .containsEntry("amountUsdc", new BigDecimal("12.34"))
                .containsEntry("subtotalUsdc", new BigDecimal("12.34"))
                .containsEntry("discountUsdc", BigDecimal.ZERO);
        assertThat(lines(json))
                .containsExactly(Map.of(
                        "kind", "subscription",
                        "description", "12.34 USDC for 2026-01-31 to 2026-02-28",
                        "periodStart", "2026-01-31T10:00:00Z",
                        "periodEnd", "2026-02-28T10:00:00Z",
                        "quantity", 1L,
                        "unitAmountUsdc", new BigDecimal("12.34"),
                        "amountUsdc", new BigDecimal("12.34")));
    }

    @Test
    void shouldRenderAZeroLineNotTheDerivedOneWhenALinedInvoiceIsFree() {
        // A trial's invoice has a line of 0: its subtotal of 0 is stored, so it is not taken for an old invoice.
        var invoice = invoice(0)
                .setLines(List.of(line("subscription", "Trial, then 5 USDC per month", 1, 0, 0)))
                .setSubtotalMicros(0L)
                .build();

        assertThat(lines(ApiJson.invoice(invoice)))
                .singleElement()
                .satisfies(line -> assertThat(line).containsEntry("description", "Trial, then 5 USDC per month"));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> lines(Map<String, ?> json) {
        return (List<Map<String, Object>>) json.get("lines");
    }

    private static InvoiceLineSnapshot line(String kind, String description, long quantity, long unit, long amount) {
        return InvoiceLineSnapshot.newBuilder()
                .setKind(kind)
                .setDescription(description)
                .setPeriodStart(START)
                .setPeriodEnd(END)
                .setQuantity(quantity)
                .setUnitAmountMicros(unit)
                .setAmountMicros(amount)
                .build();
    }

    private static InvoiceSnapshot.Builder invoice(long amountMicros) {
        return InvoiceSnapshot.newBuilder()
                .setId("inv_1")
                .setSubscriptionId("sub_1")
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setVersion(3)
                .setStatus("open")
                .setAmountMicros(amountMicros)
                .setBillingReason("subscription_cycle")
                .setPeriodStart(START)
                .setPeriodEnd(END)
                .setDueAt(START)
                .setCreatedAt(START);
    }
}
