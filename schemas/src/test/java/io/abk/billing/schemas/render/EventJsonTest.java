package io.abk.billing.schemas.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.Funding;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.UpcomingInvoice;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reason of an event that says why (a failed charge, a transfer or charge that left the chain) is rendered. */
class EventJsonTest {

    private static final Instant AT = Instant.parse("2026-05-01T09:30:00Z");

    @ParameterizedTest
    @CsvSource({
        "payment.reopened, TRANSFER_REVERSED, true",
        "invoice.reopened, CHARGE_REVERSED, true",
        "invoice.payment_failed, INSUFFICIENT_BALANCE, true",
        "payment.paid, , false"
    })
    void shouldRenderTheFailureWhenTheEventTypeCarriesOne(String type, String code, boolean rendered) {
        var event = BillingEvent.newBuilder()
                .setEventId("evt_1")
                .setType(type)
                .setCreatedAt(AT)
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setAggregateId("pay_1")
                .setData(EventData.newBuilder()
                        .setPayment(payment())
                        .setFailureCode(code)
                        .setFailureMessage(code == null ? null : "why")
                        .build())
                .build();

        @SuppressWarnings("unchecked")
        var data = (Map<String, Object>) EventJson.event(event).get("data");

        assertThat(data).containsKey("payment");
        assertThat(data.containsKey("failureCode")).isEqualTo(rendered);
        if (rendered) {
            assertThat(data).containsEntry("failureCode", code).containsEntry("failureMessage", "why");
        }
    }

    @ParameterizedTest(name = "balance {0}, allowance {1}, charges left {2}")
    @CsvSource(
            nullValues = "-",
            value = {
                // balance, allowance, chargesLeft -> periodsCovered, balanceShort, allowanceShort, exhausted
                "25000000, 100000000, -, 10, -, -, -",
                "4000000, 100000000, -, 10, 6, -, false",
                "25000000, 0, -, 0, -, 10, false",
                "0, 5000000, 0, 0, 10, 5, true",
                "-, 0, -, 0, -, 10, false",
                "-, -, -, -, -, -, -"
            })
    void shouldRenderTheUpcomingRenewalsFundingAndWhatIsShortWhenTheChainWasRead(
            Long balance,
            Long allowance,
            Long chargesLeft,
            Long periodsCovered,
            String balanceShort,
            String allowanceShort,
            Boolean exhausted) {
        var event = event(
                "invoice.upcoming",
                EventData.newBuilder()
                        .setUpcomingInvoice(new UpcomingInvoice(10_000_000L, AT, AT.plusSeconds(86_400), AT))
                        .setFunding(new Funding(10_000_000L, balance, allowance, chargesLeft, 77L))
                        .setPortalUrl("https://billing.example/portal/sign-in?merchant=mer_1&mode=test")
                        .build());

        var data = data(event);

        assertThat(data)
                .containsOnlyKeys("upcomingInvoice", "funding", "fundingShortfall", "portalUrl")
                .containsEntry("portalUrl", "https://billing.example/portal/sign-in?merchant=mer_1&mode=test");
        assertThat(data.get("upcomingInvoice"))
                .isEqualTo(Map.of(
                        "amountUsdc", ApiJson.amount(10_000_000L),
                        "periodStart", "2026-05-01T09:30:00Z",
                        "periodEnd", "2026-05-02T09:30:00Z",
                        "dueAt", "2026-05-01T09:30:00Z"));
        @SuppressWarnings("unchecked")
        var funding = (Map<String, Object>) data.get("funding");
        assertThat(funding.get("requiredUsdc")).isEqualTo(ApiJson.amount(10_000_000L));
        assertThat(funding.get("periodsCovered")).isEqualTo(periodsCovered);
        assertThat(funding.get("blockNumber")).isEqualTo(77L);
        @SuppressWarnings("unchecked")
        var shortfall = (Map<String, Object>) data.get("fundingShortfall");
        if (exhausted == null) {
            assertThat(shortfall).as("nothing short").isNull();
            return;
        }
        assertThat(shortfall.get("balanceShortUsdc"))
                .isEqualTo(balanceShort == null ? null : ApiJson.amount(Long.parseLong(balanceShort) * 1_000_000));
        assertThat(shortfall.get("allowanceShortUsdc"))
                .isEqualTo(allowanceShort == null ? null : ApiJson.amount(Long.parseLong(allowanceShort) * 1_000_000));
        assertThat(shortfall.get("mandateExhausted")).isEqualTo(exhausted);
    }

    @ParameterizedTest
    @CsvSource({"invoice.upcoming", "subscription.allowance_low"})
    void shouldRenderNoFiguresWhenTheChainWasNotRead(String type) {
        var data = data(
                event(type, EventData.newBuilder().setPortalUrl("https://p").build()));

        assertThat(data).containsEntry("funding", null).containsEntry("portalUrl", "https://p");
        assertThat(data.containsKey("upcomingInvoice")).isEqualTo(type.equals("invoice.upcoming"));
    }

    private static BillingEvent event(String type, EventData data) {
        return BillingEvent.newBuilder()
                .setEventId("evt_1")
                .setType(type)
                .setCreatedAt(AT)
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setAggregateId("sub_1")
                .setData(data)
                .build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(BillingEvent event) {
        return (Map<String, Object>) EventJson.event(event).get("data");
    }

    private static PaymentSnapshot payment() {
        return PaymentSnapshot.newBuilder()
                .setId("pay_1")
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setVersion(3)
                .setStatus("open")
                .setAmountMicros(25_000_000)
                .setPayoutAddress("0x22")
                .setMerchantRef("order-1")
                .setCheckoutUrl("https://billing.example/checkout/pay/pay_1")
                .setExpiresAt(AT.plusSeconds(86_400))
                .setCreatedAt(AT)
                .build();
    }
}
