package io.abk.billing.gateway.api.meter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.api.usage.SubscriptionUsageRepository;
import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Metered usage over HTTP: meters (create, get, list, deactivate, tenancy), metered prices (unit amounts and tiers,
 * exact, bad ones 400), subscriptions with items (their JSON, the command the gateway sends, every refusal), meter
 * events single and in batches (what lands on billing.meter-events, and nothing at all for a bad one), and the usage
 * read model fed from billing.usage-summaries.
 */
class MeteredUsageApiIT extends PaymentsIT {

    @Autowired
    private SubscriptionUsageRepository usageRows;

    static final List<String> METER_FIELDS = List.of(
            "id", "object", "eventName", "aggregation", "displayName", "valueKey", "status", "livemode", "createdAt");

    @Test
    void shouldCreateGetListAndDeactivateMetersWithinTheCallersMerchantAndMode() {
        // given a merchant and another
        var merchant = newMerchant();
        var other = newMerchant();

        // when it creates meters
        var created = post(
                merchant,
                "test",
                "/v1/meters",
                Map.of("eventName", "api.requests", "aggregation", "sum", "displayName", "API requests"));
        var again = post(merchant, "test", "/v1/meters", Map.of("eventName", "api.requests", "aggregation", "count"));
        var sameNameLive =
                post(merchant, "live", "/v1/meters", Map.of("eventName", "api.requests", "aggregation", "max"));
        var second = meter(merchant, "test", "seats", "max");

        // then each is shown exactly, one per event name within a mode
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var meter = created.body();
        assertThat(fieldNames(meter)).containsExactlyElementsOf(METER_FIELDS);
        assertThat(meter.get("id").stringValue()).startsWith("mtr_");
        assertThat(meter.get("object").stringValue()).isEqualTo("meter");
        assertThat(meter.get("valueKey").stringValue()).isEqualTo("value");
        assertThat(meter.get("status").stringValue()).isEqualTo("active");
        assertThat(meter.get("livemode").booleanValue()).isFalse();
        assertThat(again.status()).as(again.text()).isEqualTo(409);
        assertThat(again.code()).isEqualTo("meter_exists");
        assertThat(sameNameLive.status()).as(sameNameLive.text()).isEqualTo(201);
        assertThat(sameNameLive.body().get("livemode").booleanValue()).isTrue();
        var id = meter.get("id").stringValue();
        assertThat(get(merchant, "test", "/v1/meters/" + id).body()).isEqualTo(meter);
        var list = get(merchant, "test", "/v1/meters").body();
        assertThat(list.get("meters").findValuesAsString("id"))
                .containsExactly(second.get("id").stringValue(), id);
        assertThat(list.get("hasMore").booleanValue()).isFalse();

        // and another merchant's or mode's meter is not found
        assertThat(get(other, "test", "/v1/meters/" + id).status()).isEqualTo(404);
        assertThat(get(merchant, "live", "/v1/meters/" + id).status()).isEqualTo(404);
        assertThat(post(other, "test", "/v1/meters/" + id + "/deactivate", Map.of())
                        .status())
                .isEqualTo(404);
        assertThat(get(other, "test", "/v1/meters").body().get("meters")).isEmpty();

        // when deactivated (twice: the second changes nothing)
        var deactivated = post(merchant, "test", "/v1/meters/" + id + "/deactivate", Map.of());
        var twice = post(merchant, "test", "/v1/meters/" + id + "/deactivate", null);
        assertThat(deactivated.status()).as(deactivated.text()).isEqualTo(200);
        assertThat(deactivated.body().get("status").stringValue()).isEqualTo("inactive");
        assertThat(twice.body()).isEqualTo(deactivated.body());

        // and bad input is refused
        assertRefused(List.of(
                new BadRequest(
                        "no event name",
                        merchant.testKey(),
                        HttpMethod.POST,
                        "/v1/meters",
                        "{\"aggregation\":\"sum\"}",
                        400,
                        "validation_error",
                        "eventName"),
                new BadRequest(
                        "bad event name",
                        merchant.testKey(),
                        HttpMethod.POST,
                        "/v1/meters",
                        "{\"eventName\":\"9 lives\",\"aggregation\":\"sum\"}",
                        400,
                        "validation_error",
                        "eventName"),
                new BadRequest(
                        "bad aggregation",
                        merchant.testKey(),
                        HttpMethod.POST,
                        "/v1/meters",
                        "{\"eventName\":\"x\",\"aggregation\":\"avg\"}",
                        400,
                        "validation_error",
                        "aggregation"),
                new BadRequest(
                        "bad value key",
                        merchant.testKey(),
                        HttpMethod.POST,
                        "/v1/meters",
                        "{\"eventName\":\"x\",\"aggregation\":\"sum\",\"valueKey\":\"a.b\"}",
                        400,
                        "validation_error",
                        "valueKey")));
    }

    @Test
    void shouldCreateMeteredPricesExactlyAndRefuseBadOnes() {
        // given a merchant with a meter, and another merchant's meter
        var merchant = newMerchant();
        var meterId = meter(merchant, "test", "tokens", "sum").get("id").stringValue();
        var foreign = meter(newMerchant(), "test", "tokens", "sum").get("id").stringValue();
        var productId = post(merchant, "test", "/v1/products", Map.of("name", "API"))
                .body()
                .get("product")
                .get("id")
                .stringValue();
        var prices = "/v1/products/" + productId + "/prices";

        // when it creates a per-unit and a tiered metered price
        var unit = post(
                merchant,
                "test",
                prices,
                Map.of(
                        "usageType",
                        "metered",
                        "meterId",
                        meterId,
                        "unitAmountUsdc",
                        new BigDecimal("0.000125"),
                        "interval",
                        "month"));
        var tiered = call(
                HttpMethod.POST,
                prices,
                merchant.testKey(),
                "{\"usageType\":\"metered\",\"meterId\":\""
                        + meterId + "\",\"interval\":\"month\",\"tiers\":[{\"upTo\":1000,\"unitAmountUsdc\":0},"
                        + "{\"upTo\":null,\"unitAmountUsdc\":0.002,\"flatAmountUsdc\":1.5}]}",
                null);

        // then they are shown with their meter and amounts, exactly
        assertThat(unit.status()).as(unit.text()).isEqualTo(201);
        var price = unit.body().get("price");
        assertThat(price.get("usageType").stringValue()).isEqualTo("metered");
        assertThat(price.get("meterId").stringValue()).isEqualTo(meterId);
        assertThat(unit.text()).contains("\"unitAmountUsdc\":0.000125");
        assertThat(price.get("amountUsdc").decimalValue()).isEqualByComparingTo("0.000125");
        assertThat(price.get("tiers").isNull()).isTrue();
        assertThat(tiered.status()).as(tiered.text()).isEqualTo(201);
        assertThat(tiered.body().get("price").get("amountUsdc").isNull()).isTrue();
        assertThat(tiered.body().get("price").get("unitAmountUsdc").isNull()).isTrue();
        var tiers = tiered.body().get("price").get("tiers");
        assertThat(tiers).hasSize(2);
        assertThat(tiers.get(0).get("upTo").longValue()).isEqualTo(1000);
        assertThat(tiers.get(1).get("upTo").isNull()).isTrue();
        assertThat(tiers.get(1).get("unitAmountUsdc").decimalValue()).isEqualByComparingTo("0.002");
        assertThat(tiers.get(1).get("flatAmountUsdc").decimalValue()).isEqualByComparingTo("1.5");
        var licensed = get(merchant, "test", "/v1/products/" + productId)
                .body()
                .get("product")
                .get("prices");
        assertThat(licensed.findValuesAsString("usageType")).containsOnly("metered");

        // and bad metered prices are refused, nothing stored
        var key = merchant.testKey();
        var m = "{\"usageType\":\"metered\",\"meterId\":\"" + meterId + "\",\"interval\":\"month\",";
        assertRefused(List.of(
                new BadRequest(
                        "7 decimals",
                        key,
                        HttpMethod.POST,
                        prices,
                        m + "\"unitAmountUsdc\":0.0000001}",
                        400,
                        "validation_error",
                        "unitAmountUsdc"),
                new BadRequest(
                        "tiers not ascending",
                        key,
                        HttpMethod.POST,
                        prices,
                        m + "\"tiers\":[{\"upTo\":10,\"unitAmountUsdc\":1},{\"upTo\":5,\"unitAmountUsdc\":1},"
                                + "{\"unitAmountUsdc\":1}]}",
                        400,
                        "validation_error",
                        "tiers"),
                new BadRequest(
                        "last tier bounded",
                        key,
                        HttpMethod.POST,
                        prices,
                        m + "\"tiers\":[{\"upTo\":10,\"unitAmountUsdc\":1}]}",
                        400,
                        "validation_error",
                        "tiers"),
                new BadRequest(
                        "both",
                        key,
                        HttpMethod.POST,
                        prices,
                        m + "\"unitAmountUsdc\":1,\"tiers\":[{\"unitAmountUsdc\":1}]}",
                        400,
                        "validation_error",
                        "unitAmountUsdc"),
                new BadRequest(
                        "neither",
                        key,
                        HttpMethod.POST,
                        prices,
                        m.substring(0, m.length() - 1) + "}",
                        400,
                        "validation_error",
                        "unitAmountUsdc"),
                new BadRequest(
                        "once",
                        key,
                        HttpMethod.POST,
                        prices,
                        "{\"usageType\":\"metered\",\"meterId\":\"" + meterId
                                + "\",\"interval\":\"once\",\"unitAmountUsdc\":1}",
                        400,
                        "validation_error",
                        "interval"),
                new BadRequest(
                        "no meter",
                        key,
                        HttpMethod.POST,
                        prices,
                        "{\"usageType\":\"metered\",\"interval\":\"month\",\"unitAmountUsdc\":1}",
                        400,
                        "validation_error",
                        "meterId"),
                new BadRequest(
                        "another merchant's meter",
                        key,
                        HttpMethod.POST,
                        prices,
                        "{\"usageType\":\"metered\",\"meterId\":\"" + foreign
                                + "\",\"interval\":\"month\",\"unitAmountUsdc\":1}",
                        400,
                        "meter_not_found",
                        "meterId"),
                new BadRequest(
                        "meterId on a licensed price",
                        key,
                        HttpMethod.POST,
                        prices,
                        "{\"amountUsdc\":1,\"interval\":\"month\",\"meterId\":\"" + meterId + "\"}",
                        400,
                        "validation_error",
                        "meterId")));
        assertThat(get(merchant, "test", "/v1/products/" + productId)
                        .body()
                        .get("product")
                        .get("prices"))
                .hasSize(2);
    }

    @Test
    void shouldCreateASubscriptionWithItemsAndRefuseBadItems() {
        // given a licensed and a metered monthly price, and a yearly one
        var merchant = newMerchant();
        var meter = meter(merchant, "test", "tokens", "sum");
        var licensed = price(merchant, "test", "10", "month");
        var metered = meteredPrice(merchant, "test", meter.get("id").stringValue(), "0.5", "month");
        var yearly = price(merchant, "test", "100", "year");

        // when it subscribes a wallet to both
        var reply = post(
                merchant,
                "test",
                "/v1/subscriptions",
                itemsBody(List.of(Map.of("priceId", licensed, "quantity", 2), Map.of("priceId", metered)), "50"));

        // then the subscription shows its items, its amount the licensed sum
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        var subscription = reply.body().get("subscription");
        assertThat(subscription.get("amountUsdc").decimalValue()).isEqualByComparingTo("20");
        assertThat(subscription.get("maxAmountPerPeriodUsdc").decimalValue()).isEqualByComparingTo("50");
        var items = subscription.get("items");
        assertThat(items).hasSize(2);
        assertThat(items.get(0).get("id").stringValue()).startsWith("si_");
        assertThat(items.get(0).get("usageType").stringValue()).isEqualTo("licensed");
        assertThat(items.get(0).get("quantity").longValue()).isEqualTo(2);
        assertThat(items.get(1).get("usageType").stringValue()).isEqualTo("metered");
        assertThat(items.get(1).get("meterId").stringValue())
                .isEqualTo(meter.get("id").stringValue());
        assertThat(items.get(1).get("unitAmountUsdc").decimalValue()).isEqualByComparingTo("0.5");
        var id = subscription.get("id").stringValue();
        var create = (CreateSubscription)
                TestKafka.commands(command -> command.getSubscriptionId().equals(id))
                        .getFirst()
                        .getPayload();
        assertThat(create.getAmountMicros()).isEqualTo(20_000_000L);
        assertThat(create.getMaxAmountPerPeriodMicros()).isEqualTo(50_000_000L);
        assertThat(create.getItems().get(1).getEventName()).isEqualTo("tokens");
        assertThat(create.getItems().get(1).getAggregation()).isEqualTo("sum");
        assertThat(get(merchant, "test", "/v1/subscriptions/" + id).body().get("items"))
                .isEqualTo(items);

        // and a plan change of its amount is refused
        var patch = call(
                HttpMethod.PATCH,
                "/v1/subscriptions/" + id,
                merchant.testKey(),
                Map.of("amountUsdc", new BigDecimal("30")),
                null);
        assertThat(patch.status()).as(patch.text()).isEqualTo(400);
        assertThat(patch.code()).isEqualTo("items_not_updatable");

        // and bad items are refused, nothing sent
        var before = TestKafka.commands(command -> command.getMerchantId().equals(merchant.id()))
                .size();
        var key = merchant.testKey();
        assertRefused(List.of(
                bad(
                        key,
                        "no max",
                        itemsBody(List.of(Map.of("priceId", metered)), null),
                        "validation_error",
                        "maxAmountPerPeriodUsdc"),
                bad(
                        key,
                        "max below licensed",
                        itemsBody(
                                List.of(Map.of("priceId", licensed, "quantity", 2), Map.of("priceId", metered)),
                                "19.99"),
                        "validation_error",
                        "maxAmountPerPeriodUsdc"),
                bad(
                        key,
                        "max without metered",
                        itemsBody(List.of(Map.of("priceId", licensed)), "50"),
                        "validation_error",
                        "maxAmountPerPeriodUsdc"),
                bad(
                        key,
                        "two intervals",
                        itemsBody(List.of(Map.of("priceId", licensed), Map.of("priceId", yearly)), null),
                        "validation_error",
                        "items[1].priceId"),
                bad(
                        key,
                        "a price twice",
                        itemsBody(List.of(Map.of("priceId", licensed), Map.of("priceId", licensed)), null),
                        "validation_error",
                        "items[1].priceId"),
                bad(key, "no items", itemsBody(List.of(), null), "validation_error", "items"),
                bad(
                        key,
                        "items and priceId",
                        withExtra(itemsBody(List.of(Map.of("priceId", licensed)), null), "priceId", licensed),
                        "validation_error",
                        "priceId"),
                bad(
                        key,
                        "unknown price",
                        itemsBody(List.of(Map.of("priceId", "price_nope")), null),
                        "resource_missing",
                        "items[0].priceId"),
                bad(
                        key,
                        "quantity of a metered item",
                        itemsBody(List.of(Map.of("priceId", metered, "quantity", 3)), "50"),
                        "validation_error",
                        "items[0].quantity")));
        assertThat(TestKafka.commands(command -> command.getMerchantId().equals(merchant.id())))
                .hasSize(before);
    }

    @Test
    void shouldWriteValidMeterEventsToTheTopicKeyedByCustomerAndNothingForABadOne() {
        // given a merchant with a sum meter (payload key "tokens") and a count meter
        var merchant = newMerchant();
        var sumMeter = post(
                merchant,
                "test",
                "/v1/meters",
                Map.of("eventName", "llm.tokens", "aggregation", "sum", "valueKey", "tokens"));
        assertThat(sumMeter.status()).as(sumMeter.text()).isEqualTo(201);
        meter(merchant, "test", "logins", "count");
        var customer = CustomerIds.of(merchant.id(), "test", WALLET);
        var at = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

        // when it sends one event by wallet, and a batch
        var single = post(
                merchant,
                "test",
                "/v1/meter_events",
                Map.of(
                        "eventName",
                        "llm.tokens",
                        "identifier",
                        "req-1",
                        "timestamp",
                        at.toString(),
                        "customerWallet",
                        WALLET,
                        "payload",
                        Map.of("tokens", 1200, "model", "small")));
        var batch = post(
                merchant,
                "test",
                "/v1/meter_events/batch",
                Map.of(
                        "events",
                        List.of(
                                Map.of("eventName", "logins", "customerId", customer),
                                Map.of(
                                        "eventName",
                                        "llm.tokens",
                                        "customerId",
                                        customer,
                                        "value",
                                        7,
                                        "identifier",
                                        "req-2"),
                                Map.of("eventName", "llm.tokens", "customerWallet", WALLET, "value", 0))));

        // then each is answered 202 once on the topic, keyed by the customer
        assertThat(single.status()).as(single.text()).isEqualTo(202);
        assertThat(fieldNames(single.body()))
                .containsExactly("object", "eventName", "identifier", "timestamp", "customerId", "value");
        assertThat(single.body().get("object").stringValue()).isEqualTo("meter_event");
        assertThat(single.body().get("customerId").stringValue()).isEqualTo(customer);
        assertThat(single.body().get("value").longValue()).isEqualTo(1200);
        assertThat(single.body().get("timestamp").stringValue()).isEqualTo(at.toString());
        assertThat(batch.status()).as(batch.text()).isEqualTo(202);
        assertThat(batch.body().get("object").stringValue()).isEqualTo("meter_event_batch");
        assertThat(batch.body().get("accepted").intValue()).isEqualTo(3);
        var records = TestKafka.keyedRecords(
                Topics.METER_EVENTS, event -> event.getMerchantId().equals(merchant.id()));
        assertThat(records).hasSize(4);
        assertThat(records).allSatisfy(record -> {
            assertThat(record.key()).isEqualTo(MeterEvents.key(merchant.id(), "test", customer));
            assertThat(record.value().getMode()).isEqualTo(Mode.TEST);
            assertThat(record.value().getCustomerId()).isEqualTo(customer);
        });
        var byIdentifier = new HashMap<String, MeterEvent>();
        records.forEach(record -> byIdentifier.put(record.value().getIdentifier(), record.value()));
        assertThat(byIdentifier.get("req-1").getValue()).isEqualTo(1200);
        assertThat(byIdentifier.get("req-1").getTimestamp()).isEqualTo(at);
        assertThat(byIdentifier.get("req-2").getValue()).isEqualTo(7);
        var login = records.stream()
                .map(r -> r.value())
                .filter(e -> e.getEventName().equals("logins"))
                .findFirst()
                .orElseThrow();
        assertThat(login.getValue()).as("a count meter's default").isEqualTo(1);
        assertThat(login.getIdentifier()).startsWith("mev_");

        // and bad events are refused, a batch whole, and nothing more is sent
        var key = merchant.testKey();
        var old = Instant.now().minus(36, ChronoUnit.DAYS).toString();
        var ahead = Instant.now().plus(10, ChronoUnit.MINUTES).toString();
        var e = "{\"eventName\":\"llm.tokens\",\"customerId\":\"" + customer + "\"";
        assertRefused(List.of(
                event(key, "negative", e + ",\"value\":-1}", "invalid_value", "value"),
                event(key, "fraction", e + ",\"value\":1.5}", "invalid_value", "value"),
                event(
                        key,
                        "too large",
                        e + ",\"value\":" + (MeterEvents.MAX_VALUE + 1) + "}",
                        "invalid_value",
                        "value"),
                event(key, "no value for a sum", e + "}", "invalid_value", "value"),
                event(
                        key,
                        "payload without its key",
                        e + ",\"payload\":{\"value\":3}}",
                        "invalid_value",
                        "payload.tokens"),
                event(
                        key,
                        "too old",
                        e + ",\"value\":1,\"timestamp\":\"" + old + "\"}",
                        "timestamp_out_of_range",
                        "timestamp"),
                event(
                        key,
                        "ahead",
                        e + ",\"value\":1,\"timestamp\":\"" + ahead + "\"}",
                        "timestamp_out_of_range",
                        "timestamp"),
                event(
                        key,
                        "unknown event",
                        "{\"eventName\":\"nope\",\"customerId\":\"" + customer + "\",\"value\":1}",
                        "meter_not_found",
                        "eventName"),
                event(
                        key,
                        "no customer",
                        "{\"eventName\":\"llm.tokens\",\"value\":1}",
                        "validation_error",
                        "customerId"),
                new BadRequest(
                        "bad batch",
                        key,
                        HttpMethod.POST,
                        "/v1/meter_events/batch",
                        "{\"events\":[" + e + ",\"value\":1}," + e + ",\"value\":1}," + e + ",\"value\":2}," + e
                                + ",\"value\":-3}]}",
                        400,
                        "invalid_value",
                        "events[3].value"),
                new BadRequest(
                        "empty batch",
                        key,
                        HttpMethod.POST,
                        "/v1/meter_events/batch",
                        "{\"events\":[]}",
                        400,
                        "validation_error",
                        "events"),
                new BadRequest(
                        "batch not JSON",
                        key,
                        HttpMethod.POST,
                        "/v1/meter_events/batch",
                        "{\"events\":",
                        400,
                        "invalid_json",
                        null)));
        var lastId = sumMeter.body().get("id").stringValue();
        assertThat(post(merchant, "test", "/v1/meters/" + lastId + "/deactivate", Map.of())
                        .status())
                .isEqualTo(200);
        assertRefused(List.of(event(key, "inactive meter", e + ",\"value\":1}", "meter_inactive", "eventName")));
        assertThat(TestKafka.records(
                        Topics.METER_EVENTS, event -> event.getMerchantId().equals(merchant.id())))
                .hasSize(4);
    }

    @Test
    void shouldAnswerASubscriptionsUsageFromTheSummariesTopicPricedByItsItems() {
        // given a subscription with a tiered metered item and another merchant
        var merchant = newMerchant();
        var other = newMerchant();
        var meterId = meter(merchant, "test", "calls", "count").get("id").stringValue();
        var productId = post(merchant, "test", "/v1/products", Map.of("name", "Calls"))
                .body()
                .get("product")
                .get("id")
                .stringValue();
        var tiered = call(
                HttpMethod.POST,
                "/v1/products/" + productId + "/prices",
                merchant.testKey(),
                "{\"usageType\":\"metered\",\"meterId\":\"" + meterId + "\",\"interval\":\"month\",\"tiers\":"
                        + "[{\"upTo\":100,\"unitAmountUsdc\":0},{\"upTo\":null,\"unitAmountUsdc\":0.01,"
                        + "\"flatAmountUsdc\":2}]}",
                null);
        assertThat(tiered.status()).as(tiered.text()).isEqualTo(201);
        var created = post(
                merchant,
                "test",
                "/v1/subscriptions",
                itemsBody(
                        List.of(Map.of(
                                "priceId", tiered.body().get("price").get("id").stringValue())),
                        "100"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var subscription = created.body().get("subscription");
        var id = subscription.get("id").stringValue();
        var itemId = subscription.get("items").get(0).get("id").stringValue();

        // when nothing was summarised yet: the current period, zeros
        var before = get(merchant, "test", "/v1/subscriptions/" + id + "/usage");
        assertThat(before.status()).as(before.text()).isEqualTo(200);
        assertThat(before.body().get("object").stringValue()).isEqualTo("subscription_usage");
        assertThat(before.body().get("asOf").isNull()).isTrue();
        assertThat(before.body().get("periodStart").stringValue())
                .isEqualTo(subscription.get("currentPeriodStart").stringValue());
        assertThat(before.body().get("items").get(0).get("quantity").longValue())
                .isZero();
        assertThat(before.body().get("items").get(0).get("amountUsdc").decimalValue())
                .isEqualByComparingTo("0");

        // when the usage processor's summary arrives
        var start = Instant.parse(subscription.get("currentPeriodStart").stringValue());
        var asOf = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        publish(UsageSummary.newBuilder()
                .setSubscriptionId(id)
                .setMerchantId(merchant.id())
                .setMode(Mode.TEST)
                .setCustomerId(CustomerIds.of(merchant.id(), "test", WALLET))
                .setPeriodStart(start)
                .setPeriodEnd(start.plus(30, ChronoUnit.DAYS))
                .setItems(List.of(new UsageQuantity(itemId, meterId, 250L, 250L)))
                .setAsOf(asOf)
                .build());

        // then the usage shows it, priced by the tiers: 150 x 0.01 + 2 flat
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            var usage =
                    get(merchant, "test", "/v1/subscriptions/" + id + "/usage").body();
            assertThat(usage.get("asOf").stringValue()).isEqualTo(asOf.toString());
            var item = usage.get("items").get(0);
            assertThat(fieldNames(item))
                    .containsExactly(
                            "itemId", "priceId", "meterId", "eventName", "quantity", "eventCount", "amountUsdc");
            assertThat(item.get("itemId").stringValue()).isEqualTo(itemId);
            assertThat(item.get("eventName").stringValue()).isEqualTo("calls");
            assertThat(item.get("quantity").longValue()).isEqualTo(250);
            assertThat(item.get("eventCount").longValue()).isEqualTo(250);
            assertThat(item.get("amountUsdc").decimalValue()).isEqualByComparingTo("3.5");
        });

        // and the upcoming invoice bills the period's usage
        var upcoming = get(merchant, "test", "/v1/invoices/upcoming?subscriptionId=" + id);
        assertThat(upcoming.status()).as(upcoming.text()).isEqualTo(200);
        // Metered items only: no licensed line of zero, as billing-streams renews.
        assertThat(upcoming.body().get("lines")).hasSize(1);
        var usageLine = upcoming.body().get("lines").get(0);
        assertThat(usageLine.get("kind").stringValue()).isEqualTo("usage");
        assertThat(usageLine.get("description").stringValue()).isEqualTo("calls (tiered)");
        assertThat(usageLine.get("quantity").longValue()).isEqualTo(250);
        assertThat(usageLine.get("unitAmountUsdc").decimalValue()).isEqualByComparingTo("0");
        assertThat(usageLine.get("amountUsdc").decimalValue()).isEqualByComparingTo("3.5");
        assertThat(usageLine.get("periodStart").stringValue())
                .isEqualTo(subscription.get("currentPeriodStart").stringValue());
        assertThat(upcoming.body().get("amountUsdc").decimalValue()).isEqualByComparingTo("3.5");
        var changed = get(merchant, "test", "/v1/invoices/upcoming?subscriptionId=" + id + "&amountUsdc=5");
        assertThat(changed.status()).as(changed.text()).isEqualTo(400);
        assertThat(changed.code()).isEqualTo("items_not_updatable");

        // and its checkout asks for a mandate of up to the maximum per period
        var page = checkoutGet("/checkout/subscribe/" + id);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("<p class=\"amount\">up to 100 USDC</p>");
        var session = checkoutGet("/checkout/subscribe/" + id + ".json");
        assertThat(session.body().get("amountUsdc").decimalValue()).isEqualByComparingTo("0");
        assertThat(session.body().get("maxAmountPerPeriodUsdc").decimalValue()).isEqualByComparingTo("100");

        // and an older summary changes nothing (what a replayed partition would bring), another merchant's or
        // mode's read is 404
        var older = UsageSummary.newBuilder()
                .setSubscriptionId(id)
                .setMerchantId(merchant.id())
                .setMode(Mode.TEST)
                .setCustomerId(CustomerIds.of(merchant.id(), "test", WALLET))
                .setPeriodStart(start)
                .setPeriodEnd(start.plus(30, ChronoUnit.DAYS))
                .setItems(List.of(new UsageQuantity(itemId, meterId, 1L, 1L)))
                .setAsOf(asOf.minusSeconds(60))
                .build();
        assertThat(usageRows.upsert(older).block()).isZero();
        assertThat(firstItemQuantity(merchant, id)).isEqualTo(250);
        // and of a batch with two newer summaries of it, the newest is kept, whatever their order
        var newer = UsageSummary.newBuilder(older)
                .setItems(List.of(new UsageQuantity(itemId, meterId, 300L, 300L)))
                .setAsOf(asOf.plusSeconds(2))
                .build();
        var newest = UsageSummary.newBuilder(older)
                .setItems(List.of(new UsageQuantity(itemId, meterId, 310L, 310L)))
                .setAsOf(asOf.plusSeconds(3))
                .build();
        assertThat(usageRows.upsertAll(List.of(newest, older, newer)).block()).isEqualTo(1);
        assertThat(firstItemQuantity(merchant, id)).isEqualTo(310);
        assertThat(get(other, "test", "/v1/subscriptions/" + id + "/usage").status())
                .isEqualTo(404);
        assertThat(get(merchant, "live", "/v1/subscriptions/" + id + "/usage").status())
                .isEqualTo(404);
    }

    /** The quantity of the subscription's first item, as its usage route answers it in test mode. */
    private long firstItemQuantity(TestMerchant merchant, String subscriptionId) {
        return get(merchant, "test", "/v1/subscriptions/" + subscriptionId + "/usage")
                .body()
                .get("items")
                .get(0)
                .get("quantity")
                .longValue();
    }

    private JsonNode meter(TestMerchant merchant, String mode, String eventName, String aggregation) {
        var reply = post(merchant, mode, "/v1/meters", Map.of("eventName", eventName, "aggregation", aggregation));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body();
    }

    private String meteredPrice(TestMerchant merchant, String mode, String meterId, String unit, String interval) {
        var reply = post(
                merchant,
                mode,
                "/v1/products",
                Map.of(
                        "name",
                        "Metered",
                        "prices",
                        List.of(Map.of(
                                "usageType",
                                "metered",
                                "meterId",
                                meterId,
                                "unitAmountUsdc",
                                new BigDecimal(unit),
                                "interval",
                                interval))));
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("product").get("prices").get(0).get("id").stringValue();
    }

    private static Map<String, Object> itemsBody(List<Map<String, Object>> items, @Nullable String max) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("items", items);
        if (max != null) {
            body.put("maxAmountPerPeriodUsdc", new BigDecimal(max));
        }
        return body;
    }

    private static Map<String, Object> withExtra(Map<String, Object> body, String field, Object value) {
        var copy = new HashMap<>(body);
        copy.put(field, value);
        return copy;
    }

    private static BadRequest bad(String key, String name, Map<String, Object> body, String code, String param) {
        return new BadRequest(
                name, key, HttpMethod.POST, "/v1/subscriptions", JSON.writeValueAsString(body), 400, code, param);
    }

    private static BadRequest event(String key, String name, String body, String code, String param) {
        return new BadRequest(name, key, HttpMethod.POST, "/v1/meter_events", body, 400, code, param);
    }

    private static void publish(UsageSummary summary) {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000),
                Topics.USAGE_SUMMARIES.keySerde().serializer(),
                Topics.USAGE_SUMMARIES.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(
                            Topics.USAGE_SUMMARIES.name(Deployment.DEFAULT), summary.getSubscriptionId(), summary))
                    .get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish the usage summary", e);
        }
    }

    private static final tools.jackson.databind.json.JsonMapper JSON =
            tools.jackson.databind.json.JsonMapper.builder().build();
}
