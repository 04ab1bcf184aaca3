package io.abk.billing.schemas.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
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
