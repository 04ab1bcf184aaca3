package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.client.param.PaymentCreateParams;
import io.abk.billing.client.param.PriceCreateParams;
import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExactJsonTest {

    @Test
    void shouldSendAndReadAmountsDigitForDigitWhenTheyHaveSixDecimals() throws Exception {
        // A double would turn 123456789.123456 into 123456789.12345600128...
        try (var api = new FakeApi()
                .then(json(
                        201,
                        "{\"payment\":" + Fixtures.payment("pay_1", "123456789.123456")
                                + ",\"checkoutUrl\":\"http://localhost/c\"}"))) {

            var created = api.client(0)
                    .payments()
                    .create(PaymentCreateParams.builder()
                            .merchantRef("order-9")
                            .customerWallet("0x1111111111111111111111111111111111111111")
                            .amountUsdc(new BigDecimal("0.000001"))
                            .build());

            assertThat(api.requests().get(0).body()).contains("\"amountUsdc\":0.000001");
            assertThat(created.payment().amountUsdc()).isEqualByComparingTo("123456789.123456");
            assertThat(created.payment().amountUsdc().toPlainString()).isEqualTo("123456789.123456");
        }
    }

    @Test
    void shouldWritePlainDigitsWhenTheAmountHasAnExponent() throws Exception {
        try (var api = new FakeApi().then(json(201, "{\"price\":{}}"))) {

            api.client(0)
                    .products()
                    .createPrice(
                            "prod_1",
                            PriceCreateParams.builder()
                                    .amountUsdc(new BigDecimal("1E+3"))
                                    .interval("month")
                                    .build());

            assertThat(api.requests().get(0).body()).isEqualTo("{\"amountUsdc\":1000,\"interval\":\"month\"}");
        }
    }

    @Test
    void shouldIgnoreAFieldItDoesNotKnowWhenReadingAnAnswer() throws Exception {
        var withNewField = Fixtures.subscription("sub_1", "9.99").replaceFirst("\\{", "{\"addedLater\":{\"x\":[1,2]},");
        try (var api = new FakeApi().then(json(200, withNewField))) {

            var subscription = api.client(0).subscriptions().retrieve("sub_1");

            assertThat(subscription.id()).isEqualTo("sub_1");
            assertThat(subscription.amountUsdc()).isEqualByComparingTo("9.99");
            assertThat(subscription.metadata()).containsEntry("plan", "gold");
            assertThat(subscription.createdAt()).isEqualTo(Instant.parse("2026-01-31T12:00:00.123Z"));
            assertThat(subscription.trialEnd()).isNull();
        }
    }

    @Test
    void shouldKeepTheAmountsOfAnEventsDataExactWhenReadingTheTree() throws Exception {
        try (var api = new FakeApi().then(json(200, "{\"event\":" + Fixtures.event("evt_1") + "}"))) {

            var event = api.client(0).events().retrieve("evt_1");

            assertThat(event.data().path("object").path("amountUsdc").decimalValue())
                    .isEqualTo(new BigDecimal("9.990000"));
        }
    }
}
