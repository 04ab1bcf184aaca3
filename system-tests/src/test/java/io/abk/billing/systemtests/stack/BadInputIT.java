package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A table of malformed {@code POST /v1/subscriptions} (and list) requests against the whole stack: each gets its
 * 4xx with {@code {error, code}}, and nothing is created anywhere: not in the list, not on the command topic,
 * not in the read model or the command outcomes.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BadInputIT {

    private static final String WALLET = Subscriptions.WALLET;
    private static final String WELL_FORMED_UNKNOWN_PRICE = "price_01jzzzzzzzzzzzzzzzzzzzzzzz";

    private static Api api;
    private static TestMerchant merchant;
    /** A {@code once} price of the merchant's own catalog: not usable for a subscription. */
    private static String oncePrice;
    /** A monthly price of the merchant's own catalog, for the rows that combine a price with other fields. */
    private static String monthlyPrice;

    /** One malformed request, the status and code it must get. */
    record Bad(String name, int status, String code, Function<TestMerchant, Call> request) {
        @Override
        public String toString() {
            return name + " -> " + status + " " + code;
        }
    }

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("bad-input");
        var product = Subscriptions.createProduct(
                api,
                merchant.testKey(),
                "Catalog",
                List.of(Subscriptions.price("5", "once", 0), Subscriptions.price("5", "month", 0)));
        oncePrice = product.at("/prices/0/id").asString();
        monthlyPrice = product.at("/prices/1/id").asString();
    }

    static List<Bad> table() {
        var rows = new ArrayList<Bad>();
        // wrong JSON types
        rows.add(field("amountUsdc as a string", "amountUsdc", "9.99"));
        rows.add(raw("amountUsdc as a boolean", "amountUsdc", "true"));
        rows.add(raw("amountUsdc as an array", "amountUsdc", "[9.99]"));
        rows.add(field("merchantRef as a number", "merchantRef", 12));
        rows.add(field("customerWallet as an array", "customerWallet", List.of(WALLET)));
        rows.add(field("interval as an object", "interval", Map.of("unit", "month")));
        rows.add(field("metadata as an array", "metadata", List.of("plan")));
        rows.add(field("successUrl as a number", "successUrl", 80));
        // missing or empty required fields
        rows.add(without("merchantRef missing", "merchantRef"));
        rows.add(without("customerWallet missing", "customerWallet"));
        rows.add(field("merchantRef empty", "merchantRef", ""));
        rows.add(field("merchantRef blank", "merchantRef", "   "));
        rows.add(field("merchantRef null", "merchantRef", null));
        rows.add(field("merchantRef over 255 characters", "merchantRef", "r".repeat(256)));
        // addresses
        rows.add(field("customerWallet short", "customerWallet", "0x1234"));
        rows.add(field("customerWallet without 0x", "customerWallet", "AbCdEf0123456789aBcDeF0123456789AbCdEf0123"));
        rows.add(field("customerWallet not hex", "customerWallet", "0x" + "g".repeat(40)));
        rows.add(field("customerWallet 41 characters", "customerWallet", "0x" + "a".repeat(39)));
        rows.add(field("customerWallet 43 characters", "customerWallet", "0x" + "a".repeat(41)));
        rows.add(field("payoutAddressEvm not an address", "payoutAddressEvm", "merchant-wallet"));
        // amounts
        rows.add(raw("amountUsdc with 7 decimals", "amountUsdc", "1.0000001"));
        rows.add(raw("amountUsdc below one micro-USDC", "amountUsdc", "0.0000001"));
        rows.add(raw("amountUsdc negative", "amountUsdc", "-5"));
        rows.add(raw("amountUsdc zero", "amountUsdc", "0"));
        rows.add(raw("amountUsdc zero with decimals", "amountUsdc", "0.000000"));
        rows.add(raw("amountUsdc 1e400", "amountUsdc", "1e400"));
        rows.add(raw("amountUsdc just over one billion", "amountUsdc", "1000000000.000001"));
        rows.add(raw("amountUsdc 1e-7 in exponent form", "amountUsdc", "1e-7"));
        // interval
        rows.add(field("interval week", "interval", "week"));
        rows.add(field("interval once", "interval", "once"));
        rows.add(field("interval upper case", "interval", "MONTH"));
        // the two forms
        rows.add(byPrice(
                "priceId with amountUsdc",
                () -> monthlyPrice,
                Map.of("amountUsdc", new BigDecimal("9.99")),
                400,
                "validation_error"));
        rows.add(byPrice(
                "priceId with interval", () -> monthlyPrice, Map.of("interval", "month"), 400, "validation_error"));
        rows.add(new Bad(
                "neither priceId nor amountUsdc and interval",
                400,
                "validation_error",
                m -> create(m).json(Map.of("merchantRef", "order-bad", "customerWallet", WALLET))));
        rows.add(without("amountUsdc without interval", "interval"));
        rows.add(without("interval without amountUsdc", "amountUsdc"));
        rows.add(byPrice("unknown priceId", () -> WELL_FORMED_UNKNOWN_PRICE, Map.of(), 400, "resource_missing"));
        rows.add(byPrice("malformed priceId", () -> "price_nope", Map.of(), 400, "resource_missing"));
        rows.add(byPrice("a once price", () -> oncePrice, Map.of(), 400, "validation_error"));
        // URLs
        rows.add(field("successUrl relative", "successUrl", "/thanks"));
        rows.add(field("successUrl ftp", "successUrl", "ftp://shop.example/thanks"));
        rows.add(field("cancelUrl not a URI", "cancelUrl", "ht tp://shop example/cart"));
        rows.add(field("cancelUrl without a host", "cancelUrl", "https:///cart"));
        // metadata
        rows.add(field("metadata a string", "metadata", "plan=gold"));
        rows.add(field("metadata with a number value", "metadata", Map.of("seats", 3)));
        rows.add(field(
                "metadata with 51 keys",
                "metadata",
                IntStream.range(0, 51).boxed().collect(Collectors.toMap(i -> "k" + i, i -> "v"))));
        rows.add(field("metadata with a 501-character value", "metadata", Map.of("note", "n".repeat(501))));
        rows.add(field("metadata with a 41-character key", "metadata", Map.of("k".repeat(41), "v")));
        // the body itself
        rows.add(body(
                "not JSON at all", "merchantRef=order-bad&amountUsdc=9.99", "application/json", 400, "invalid_json"));
        rows.add(body("truncated JSON", "{\"merchantRef\": \"order-bad\"", "application/json", 400, "invalid_json"));
        rows.add(body(
                "a JSON array",
                "[" + Json.write(Subscriptions.adHoc("order-bad")) + "]",
                "application/json",
                400,
                "validation_error"));
        rows.add(body("a JSON string", "\"subscribe me\"", "application/json", 400, "validation_error"));
        rows.add(body("JSON null", "null", "application/json", 400, "validation_error"));
        rows.add(new Bad(
                "an empty body", 400, "validation_error", m -> create(m).header("Content-Type", "application/json")));
        rows.add(new Bad(
                "no Content-Type and no merchantRef",
                400,
                "validation_error",
                m -> create(m)
                        .rawBody("{\"customerWallet\":\"" + WALLET + "\",\"amountUsdc\":1,\"interval\":\"month\"}")));
        rows.add(field("a body over 64 KiB", "metadata", Map.of("note", "n".repeat(70_000)), 413, "payload_too_large"));
        rows.add(body(
                "text/plain",
                Json.write(Subscriptions.adHoc("order-bad")),
                "text/plain",
                415,
                "unsupported_media_type"));
        rows.add(body("application/xml", "<subscription/>", "application/xml", 415, "unsupported_media_type"));
        rows.add(body(
                "a form post",
                "merchantRef=order-bad",
                "application/x-www-form-urlencoded",
                415,
                "unsupported_media_type"));
        // the list's query
        rows.add(list("status unknown", "status=trialing", 400, "validation_error"));
        rows.add(list("status in upper case", "status=ACTIVE", 400, "validation_error"));
        rows.add(list("status empty", "status=", 400, "validation_error"));
        rows.add(list("limit 0", "limit=0", 400, "validation_error"));
        rows.add(list("limit 101", "limit=101", 400, "validation_error"));
        rows.add(list("limit abc", "limit=abc", 400, "validation_error"));
        rows.add(list("limit negative", "limit=-1", 400, "validation_error"));
        rows.add(list("startingAfter malformed", "startingAfter=abc", 400, "validation_error"));
        rows.add(list(
                "startingAfter an invoice id",
                "startingAfter=inv_01jzzzzzzzzzzzzzzzzzzzzzzz",
                400,
                "validation_error"));
        rows.add(new Bad(
                "GET a malformed subscription id",
                404,
                "resource_missing",
                m -> api.get(Subscriptions.PATH + "/not-an-id").key(m.testKey())));
        return rows;
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldAnswerTheExpected4xxWithErrorAndCodeAndCreateNothingWhenTheRequestIsMalformed(Bad bad) {
        // given where the command topic ends now
        var topics = api.topics();
        var before = topics.endOffsets(Topics.SUBSCRIPTION_COMMANDS);

        // when the malformed request is sent
        var reply = bad.request().apply(merchant).send();

        // then it gets the expected status and {error, code}
        assertThat(reply.status()).as(reply.toString()).isEqualTo(bad.status());
        var body = reply.json();
        assertThat(body.path("code").asString()).as(reply.toString()).isEqualTo(bad.code());
        assertThat(body.path("error").isString()).as(reply.toString()).isTrue();
        assertThat(body.path("error").asString()).as(reply.toString()).isNotBlank();

        // and nothing was created: no subscription listed, no command sent for this merchant
        assertThat(Subscriptions.listAllIds(api, merchant.testKey(), 100)).isEmpty();
        var sent = topics.records(Topics.SUBSCRIPTION_COMMANDS, before).stream()
                .filter(record -> record.value().getMerchantId().equals(merchant.id()))
                .toList();
        assertThat(sent).as("commands sent for %s", bad.name()).isEmpty();
    }

    @Order(2)
    @Test
    void shouldHaveNoCommandReadModelRowOrOutcomeOfTheMerchantWhenAllBadRequestsAreDone() throws SQLException {
        // given every row of the table has been sent (and a table of at least 40 rows)
        assertThat(table()).hasSizeGreaterThanOrEqualTo(40);

        // then the whole command topic holds no command of this merchant
        assertThat(api.topics()
                        .values(
                                Topics.SUBSCRIPTION_COMMANDS,
                                (SubscriptionCommand c) -> c.getMerchantId().equals(merchant.id())))
                .isEmpty();
        // and the read model and the command outcomes have no row of it
        try (var db = api.database()) {
            for (var table : List.of("subscriptions", "invoices", "command_outcomes")) {
                try (var query = db.prepareStatement("SELECT count(*) FROM " + table + " WHERE merchant_id = ?")) {
                    query.setString(1, merchant.id());
                    try (var rows = query.executeQuery()) {
                        rows.next();
                        assertThat(rows.getLong(1)).as(table).isZero();
                    }
                }
            }
        }
    }

    private static Call create(TestMerchant m) {
        return api.post(Subscriptions.PATH).key(m.testKey());
    }

    private static Bad field(String name, String field, @Nullable Object value) {
        return field(name, field, value, 400, "validation_error");
    }

    private static Bad field(String name, String field, @Nullable Object value, int status, String code) {
        var body = Subscriptions.adHoc("order-bad");
        body.put(field, value);
        return new Bad(name, status, code, m -> create(m).json(body));
    }

    private static Bad without(String name, String field) {
        var body = Subscriptions.adHoc("order-bad");
        body.remove(field);
        return new Bad(name, 400, "validation_error", m -> create(m).json(body));
    }

    /** The valid ad hoc body with one field replaced by a raw JSON literal (numbers exactly as written). */
    private static Bad raw(String name, String field, String literal) {
        var body = Subscriptions.adHoc("order-bad");
        body.put(field, "@@");
        var text = Json.write(body).replace("\"@@\"", literal);
        return new Bad(name, 400, "validation_error", m -> create(m).body(text, "application/json"));
    }

    private static Bad byPrice(
            String name, Supplier<String> priceId, Map<String, Object> extra, int status, String code) {
        return new Bad(name, status, code, m -> {
            var body = new LinkedHashMap<String, @Nullable Object>(Subscriptions.byPrice("order-bad", priceId.get()));
            body.putAll(extra);
            return create(m).json(body);
        });
    }

    private static Bad body(String name, String text, String contentType, int status, String code) {
        return new Bad(name, status, code, m -> create(m).body(text, contentType));
    }

    private static Bad list(String name, String query, int status, String code) {
        return new Bad(
                "GET list " + name,
                status,
                code,
                m -> api.get(Subscriptions.PATH + "?" + query).key(m.testKey()));
    }
}
