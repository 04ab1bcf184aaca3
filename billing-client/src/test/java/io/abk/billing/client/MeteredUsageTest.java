package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.model.PriceTier;
import io.abk.billing.client.param.MeterEventBatchCreateParams;
import io.abk.billing.client.param.MeterEventCreateParams;
import io.abk.billing.client.param.PriceCreateParams;
import io.abk.billing.client.param.SubscriptionCreateParams;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the metered-usage calls send and read: tiers and unit amounts exactly, items, events alone and in batches. */
class MeteredUsageTest {

    private static final String WALLET = "0x1111111111111111111111111111111111111111";

    private static final String METERED_PRICE = """
            {"price":{"id":"price_1","productId":"prod_1","amountUsdc":null,"interval":"month","trialDays":0,
             "usageType":"metered","meterId":"mtr_1","unitAmountUsdc":null,
             "tiers":[{"upTo":1000,"unitAmountUsdc":0.000125,"flatAmountUsdc":0},
                      {"upTo":null,"unitAmountUsdc":0.000001,"flatAmountUsdc":2.5}],
             "active":true,"mode":"test","createdAt":"2026-01-31T12:00:00Z"}}""";

    @Test
    void shouldWriteTiersWithTheirDigitsAndTheLastUpToAsNullWhenCreatingAMeteredPrice() throws Exception {
        // A tier list that dropped the last tier's null upTo would be refused: only the last tier is unbounded.
        try (var api = new FakeApi().then(json(201, METERED_PRICE))) {

            var price = api.client(0)
                    .products()
                    .createPrice(
                            "prod_1",
                            PriceCreateParams.builder()
                                    .interval("month")
                                    .metered("mtr_1")
                                    .tiers(List.of(
                                            PriceCreateParams.Tier.upTo(1000, new BigDecimal("0.000125")),
                                            PriceCreateParams.Tier.rest(new BigDecimal("0.000001"))
                                                    .withFlatAmountUsdc(new BigDecimal("2.50"))))
                                    .build());

            assertThat(api.requests().get(0).body())
                    .isEqualTo("{\"interval\":\"month\",\"usageType\":\"metered\",\"meterId\":\"mtr_1\",\"tiers\":["
                            + "{\"upTo\":1000,\"unitAmountUsdc\":0.000125},"
                            + "{\"upTo\":null,\"unitAmountUsdc\":0.000001,\"flatAmountUsdc\":2.50}]}");
            assertThat(price.usageType()).isEqualTo("metered");
            assertThat(price.amountUsdc()).isNull();
            assertThat(price.tiers())
                    .extracting(
                            PriceTier::upTo,
                            t -> t.unitAmountUsdc().toPlainString(),
                            t -> t.flatAmountUsdc().toPlainString())
                    .containsExactly(tuple(1000L, "0.000125", "0"), tuple(null, "0.000001", "2.5"));
        }
    }

    @Test
    void shouldRefuseALicensedPriceWithoutAnAmountWhenBuilt() {
        assertThatThrownBy(() -> PriceCreateParams.builder().interval("month").build())
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("amountUsdc");
        assertThat(PriceCreateParams.builder()
                        .interval("month")
                        .metered("mtr_1")
                        .unitAmountUsdc(new BigDecimal("0.001"))
                        .build()
                        .amountUsdc())
                .isNull();
    }

    @Test
    void shouldSendItemsAndTheMaximumExactlyWhenCreatingASubscriptionWithItems() throws Exception {
        var answer = "{\"subscription\":" + Fixtures.subscription("sub_1", "10") + ",\"invoice\":"
                + Fixtures.invoice("in_1", "10") + ",\"checkoutUrl\":\"http://localhost/checkout/subscribe/sub_1\"}";
        try (var api = new FakeApi().then(json(201, answer))) {

            api.client(0)
                    .subscriptions()
                    .create(SubscriptionCreateParams.builder()
                            .merchantRef("order-1")
                            .customerWallet(WALLET)
                            .item("price_seat", 2)
                            .item("price_calls")
                            .maxAmountPerPeriodUsdc(new BigDecimal("120.000001"))
                            .build());

            var body = new ObjectMapper().readTree(api.requests().get(0).body());
            assertThat(body.path("items").toString())
                    .isEqualTo("[{\"priceId\":\"price_seat\",\"quantity\":2},{\"priceId\":\"price_calls\"}]");
            assertThat(api.requests().get(0).body()).contains("\"maxAmountPerPeriodUsdc\":120.000001");
            assertThat(body.has("priceId")).isFalse();
        }
    }

    @Test
    void shouldReadItemsAndTheMaximumWhenASubscriptionHasThem() throws Exception {
        var subscription = Fixtures.subscription("sub_1", "10").replace("\"successUrl\":null", """
                        "items":[{"id":"si_1","priceId":"price_seat","usageType":"licensed","quantity":2,
                         "meterId":null,"unitAmountUsdc":5,"tiers":null},
                         {"id":"si_2","priceId":"price_calls","usageType":"metered","quantity":0,
                         "meterId":"mtr_1","unitAmountUsdc":0.000125,"tiers":null}],
                        "maxAmountPerPeriodUsdc":120.000001,"successUrl":null""");
        try (var api = new FakeApi().then(json(200, subscription))) {

            var read = api.client(0).subscriptions().retrieve("sub_1");

            assertThat(read.items()).hasSize(2);
            assertThat(read.items().get(1).meterId()).isEqualTo("mtr_1");
            assertThat(read.items().get(1).unitAmountUsdc().toPlainString()).isEqualTo("0.000125");
            assertThat(read.maxAmountPerPeriodUsdc().toPlainString()).isEqualTo("120.000001");
        }
    }

    @Test
    void shouldSendTheEventsFieldsAndReadWhatWasRecordedWhenReportingOneEvent() throws Exception {
        var recorded = """
                {"object":"meter_event","eventName":"api_requests","identifier":"req_1",
                 "timestamp":"2026-02-01T10:00:00Z","customerId":"cus_1","value":1000000000000}""";
        try (var api = new FakeApi().then(json(202, recorded))) {

            var event = api.client(0)
                    .meterEvents()
                    .create(MeterEventCreateParams.builder()
                            .eventName("api_requests")
                            .identifier("req_1")
                            .timestamp(Instant.parse("2026-02-01T10:00:00Z"))
                            .customerId("cus_1")
                            .payload(Map.of("tokens", 1_000_000_000_000L))
                            .build());

            assertThat(api.requests().get(0).body())
                    .isEqualTo("{\"eventName\":\"api_requests\",\"identifier\":\"req_1\","
                            + "\"timestamp\":\"2026-02-01T10:00:00Z\",\"customerId\":\"cus_1\","
                            + "\"payload\":{\"tokens\":1000000000000}}");
            assertThat(event.identifier()).isEqualTo("req_1");
            assertThat(event.value()).isEqualTo(1_000_000_000_000L);
            assertThat(event.timestamp()).isEqualTo(Instant.parse("2026-02-01T10:00:00Z"));
        }
    }

    @Test
    void shouldSendEveryEventInOrderAndOneIdempotencyKeyWhenReportingABatch() throws Exception {
        try (var api = new FakeApi().then(json(202, "{\"object\":\"meter_event_batch\",\"accepted\":3}"))) {
            var events = new ArrayList<MeterEventCreateParams>();
            for (var identifier : List.of("a", "b", "a")) {
                events.add(MeterEventCreateParams.builder()
                        .eventName("api_requests")
                        .identifier(identifier)
                        .customerWallet(WALLET)
                        .value(2)
                        .build());
            }

            var batch = api.client(0).meterEvents().createBatch(MeterEventBatchCreateParams.of(events));

            var body = new ObjectMapper().readTree(api.requests().get(0).body());
            assertThat(body.path("events").findValuesAsText("identifier")).containsExactly("a", "b", "a");
            assertThat(api.requests().get(0).header("Idempotency-Key")).isNotNull();
            assertThat(batch.accepted()).isEqualTo(3);
        }
    }

    @Test
    void shouldRefuseAnEmptyBatchOrOneOverAThousandWhenBuilt() {
        var one = MeterEventCreateParams.builder()
                .eventName("api_requests")
                .customerId("cus_1")
                .build();

        assertThatThrownBy(() -> MeterEventBatchCreateParams.of(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MeterEventBatchCreateParams.of(Collections.nCopies(1001, one)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(MeterEventBatchCreateParams.of(Collections.nCopies(1000, one))
                        .events())
                .hasSize(1000);
    }

    @Test
    void shouldReadEachItemsQuantityAndExactAmountWhenReadingUsage() throws Exception {
        var usage = """
                {"object":"subscription_usage","subscriptionId":"sub_1","periodStart":"2026-01-31T12:00:00Z",
                 "periodEnd":"2026-02-28T12:00:00Z","asOf":null,
                 "items":[{"itemId":"si_2","priceId":"price_calls","meterId":"mtr_1","eventName":"api_requests",
                 "quantity":9007199254740993,"eventCount":4,"amountUsdc":123456789.123456}]}""";
        try (var api = new FakeApi().then(json(200, usage))) {

            var read = api.client(0).subscriptions().usage("sub_1");

            assertThat(api.requests().get(0).path()).isEqualTo("/v1/subscriptions/sub_1/usage");
            assertThat(read.asOf()).isNull();
            var item = read.items().get(0);
            assertThat(item.quantity()).as("beyond a double's exact integers").isEqualTo(9_007_199_254_740_993L);
            assertThat(item.amountUsdc().toPlainString()).isEqualTo("123456789.123456");
        }
    }
}
