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

    @Test
    void shouldReadAnUpcomingInvoicesFundingExactlyAndNothingOfItInAnotherEvent() throws Exception {
        var upcoming = "{\"event\":{\"id\":\"evt_2\",\"type\":\"invoice.upcoming\","
                + "\"createdAt\":\"2026-05-01T09:30:00Z\",\"mode\":\"test\",\"data\":{"
                + "\"upcomingInvoice\":{\"amountUsdc\":10.000001,\"periodStart\":\"2026-05-01T09:30:00Z\","
                + "\"periodEnd\":\"2026-06-01T09:30:00Z\",\"dueAt\":\"2026-05-01T09:30:00Z\"},"
                + "\"funding\":{\"requiredUsdc\":10.000001,\"balanceUsdc\":4,"
                + "\"allowanceUsdc\":9223372036854.775807,\"periodsCovered\":922337111451,\"chargesLeft\":null,"
                + "\"blockNumber\":77},\"fundingShortfall\":{\"balanceShortUsdc\":6.000001,"
                + "\"allowanceShortUsdc\":null,\"mandateExhausted\":false},"
                + "\"portalUrl\":\"https://billing.example/portal/sign-in?merchant=mer_1&mode=test\"}}}";
        try (var api = new FakeApi()
                .then(json(200, upcoming))
                .then(json(200, "{\"event\":" + Fixtures.event("evt_1") + "}"))) {

            var event = api.client(0).events().retrieve("evt_2");
            var other = api.client(0).events().retrieve("evt_1");

            assertThat(event.upcomingInvoice()).isNotNull();
            assertThat(event.upcomingInvoice().amountUsdc()).isEqualTo(new BigDecimal("10.000001"));
            assertThat(event.upcomingInvoice().dueAt()).isEqualTo(Instant.parse("2026-05-01T09:30:00Z"));
            assertThat(event.funding()).isNotNull();
            assertThat(event.funding().allowanceUsdc()).isEqualTo(new BigDecimal("9223372036854.775807"));
            assertThat(event.funding().balanceUsdc()).isEqualTo(new BigDecimal("4"));
            assertThat(event.funding().periodsCovered()).isEqualTo(922_337_111_451L);
            assertThat(event.funding().chargesLeft()).isNull();
            assertThat(event.funding().blockNumber()).isEqualTo(77L);
            assertThat(event.fundingShortfall()).isNotNull();
            assertThat(event.fundingShortfall().balanceShortUsdc()).isEqualTo(new BigDecimal("6.000001"));
            assertThat(event.fundingShortfall().allowanceShortUsdc()).isNull();
            assertThat(event.portalUrl()).isEqualTo("https://billing.example/portal/sign-in?merchant=mer_1&mode=test");
            assertThat(other.upcomingInvoice()).isNull();
            assertThat(other.funding()).isNull();
            assertThat(other.portalUrl()).isNull();
        }
    }
}
