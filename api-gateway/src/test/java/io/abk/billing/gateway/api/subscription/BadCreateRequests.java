package io.abk.billing.gateway.api.subscription;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Malformed {@code POST /v1/subscriptions} bodies with the 400 each must get: the table of the validation tests,
 * run both against the parser and over HTTP (where nothing may be produced).
 */
final class BadCreateRequests {

    static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    static final String PAYOUT = "0x2222222222222222222222222222222222222222";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One bad request: its JSON text, and the code and param of the answer (param null: none). */
    record Case(
            String name, String body, String code, @Nullable String param) {
        @Override
        public String toString() {
            return name;
        }
    }

    private BadCreateRequests() {}

    /** A valid ad hoc body. */
    static Map<String, @Nullable Object> valid() {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("merchantRef", "order-1");
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new java.math.BigDecimal("9.99"));
        body.put("interval", "month");
        return body;
    }

    static List<Case> cases() {
        var cases = new ArrayList<Case>();
        // merchantRef
        cases.add(without("merchantRef missing", "merchantRef"));
        cases.add(with("merchantRef empty", "merchantRef", "", "merchantRef"));
        cases.add(with("merchantRef blank", "merchantRef", "   ", "merchantRef"));
        cases.add(with("merchantRef a number", "merchantRef", 12, "merchantRef"));
        cases.add(with("merchantRef null", "merchantRef", null, "merchantRef"));
        cases.add(with("merchantRef over 255 characters", "merchantRef", "r".repeat(256), "merchantRef"));
        // customerWallet
        cases.add(without("customerWallet missing", "customerWallet"));
        cases.add(with(
                "customerWallet without 0x",
                "customerWallet",
                "AbCdEf0123456789aBcDeF0123456789AbCdEf0123",
                "customerWallet"));
        cases.add(with("customerWallet 39 hex digits", "customerWallet", "0x" + "a".repeat(39), "customerWallet"));
        cases.add(with("customerWallet 41 hex digits", "customerWallet", "0x" + "a".repeat(41), "customerWallet"));
        cases.add(with("customerWallet not hex", "customerWallet", "0x" + "g".repeat(40), "customerWallet"));
        cases.add(with("customerWallet a number", "customerWallet", 42, "customerWallet"));
        cases.add(with("customerWallet an object", "customerWallet", Map.of("address", WALLET), "customerWallet"));
        cases.add(with("customerWallet with spaces", "customerWallet", " " + WALLET, "customerWallet"));
        // payoutAddressEvm
        cases.add(with("payoutAddressEvm not an address", "payoutAddressEvm", "merchant-wallet", "payoutAddressEvm"));
        cases.add(with("payoutAddressEvm an array", "payoutAddressEvm", List.of(PAYOUT), "payoutAddressEvm"));
        // amountUsdc
        cases.add(raw("amountUsdc with 7 decimals", "amountUsdc", "1.0000001", "amountUsdc"));
        cases.add(raw("amountUsdc below one micro", "amountUsdc", "0.0000001", "amountUsdc"));
        cases.add(raw("amountUsdc zero", "amountUsdc", "0", "amountUsdc"));
        cases.add(raw("amountUsdc zero with decimals", "amountUsdc", "0.000000", "amountUsdc"));
        cases.add(raw("amountUsdc negative", "amountUsdc", "-5", "amountUsdc"));
        cases.add(raw("amountUsdc over one billion", "amountUsdc", "1000000000.000001", "amountUsdc"));
        cases.add(raw("amountUsdc huge exponent", "amountUsdc", "1e400", "amountUsdc"));
        cases.add(raw("amountUsdc a string", "amountUsdc", "\"9.99\"", "amountUsdc"));
        cases.add(raw("amountUsdc a boolean", "amountUsdc", "true", "amountUsdc"));
        // interval
        cases.add(with("interval week", "interval", "week", "interval"));
        cases.add(with("interval once", "interval", "once", "interval"));
        cases.add(with("interval a number", "interval", 1, "interval"));
        cases.add(with("interval empty", "interval", "", "interval"));
        cases.add(with("interval upper case", "interval", "MONTH", "interval"));
        // the two forms
        cases.add(without("amountUsdc without interval", "interval", "interval"));
        cases.add(without("interval without amountUsdc", "amountUsdc", "amountUsdc"));
        cases.add(form("neither priceId nor amount", Map.of(), "priceId"));
        cases.add(form(
                "priceId with amountUsdc",
                Map.of("priceId", "price_01jcrgx3b2m0x9k8d7f6e5a4s3", "amountUsdc", 9.99),
                "amountUsdc"));
        cases.add(form(
                "priceId with interval",
                Map.of("priceId", "price_01jcrgx3b2m0x9k8d7f6e5a4s3", "interval", "month"),
                "interval"));
        cases.add(form("priceId a number", Map.of("priceId", 7), "priceId"));
        cases.add(form("priceId empty", Map.of("priceId", ""), "priceId"));
        // planId, metadata, URLs
        cases.add(with("planId over 255 characters", "planId", "p".repeat(256), "planId"));
        cases.add(with("planId a number", "planId", 3, "planId"));
        cases.add(with("metadata an array", "metadata", List.of("a"), "metadata"));
        cases.add(with("metadata a string", "metadata", "plan=gold", "metadata"));
        cases.add(with("metadata value a number", "metadata", Map.of("seats", 3), "metadata"));
        cases.add(with("metadata value null", "metadata", nullValued("plan"), "metadata"));
        cases.add(with(
                "metadata 51 keys",
                "metadata",
                IntStream.range(0, 51).boxed().collect(Collectors.toMap(i -> "k" + i, i -> "v")),
                "metadata"));
        cases.add(with("metadata value over 500 characters", "metadata", Map.of("note", "n".repeat(501)), "metadata"));
        cases.add(with("metadata key over 40 characters", "metadata", Map.of("k".repeat(41), "v"), "metadata"));
        cases.add(with("successUrl relative", "successUrl", "/done", "successUrl"));
        cases.add(with("successUrl ftp", "successUrl", "ftp://example.com/done", "successUrl"));
        cases.add(with("successUrl javascript", "successUrl", "javascript:alert(1)", "successUrl"));
        cases.add(with("successUrl a number", "successUrl", 80, "successUrl"));
        cases.add(with("cancelUrl not a URL", "cancelUrl", "not a url", "cancelUrl"));
        cases.add(with("cancelUrl without host", "cancelUrl", "https:///cancel", "cancelUrl"));
        // items: alone, 1 to 20, each price once; maxAmountPerPeriodUsdc only with them
        var price = "price_01jcrgx3b2m0x9k8d7f6e5a4s3";
        cases.add(form(
                "items with priceId", Map.of("items", List.of(Map.of("priceId", price)), "priceId", price), "priceId"));
        cases.add(with("items with amountUsdc", "items", List.of(Map.of("priceId", price)), "amountUsdc"));
        cases.add(form("items empty", Map.of("items", List.of()), "items"));
        cases.add(form("items not an array", Map.of("items", "price"), "items"));
        cases.add(form(
                "items 21",
                Map.of(
                        "items",
                        IntStream.range(0, 21)
                                .mapToObj(i -> Map.of("priceId", "p" + i))
                                .toList()),
                "items"));
        cases.add(form("item without priceId", Map.of("items", List.of(Map.of("quantity", 2))), "items[0].priceId"));
        cases.add(form(
                "a price twice",
                Map.of("items", List.of(Map.of("priceId", price), Map.of("priceId", price))),
                "items[1].priceId"));
        cases.add(form(
                "quantity 0", Map.of("items", List.of(Map.of("priceId", price, "quantity", 0))), "items[0].quantity"));
        cases.add(form(
                "maxAmountPerPeriodUsdc 0",
                Map.of("items", List.of(Map.of("priceId", price)), "maxAmountPerPeriodUsdc", 0),
                "maxAmountPerPeriodUsdc"));
        cases.add(with("maxAmountPerPeriodUsdc without items", "maxAmountPerPeriodUsdc", 50, "maxAmountPerPeriodUsdc"));
        // the body itself
        cases.add(new Case("body an array", "[]", "validation_error", null));
        cases.add(new Case("body a string", "\"subscribe\"", "validation_error", null));
        cases.add(new Case("body empty object", "{}", "validation_error", "merchantRef"));
        return cases;
    }

    /** Bodies only HTTP can send (the decoder refuses them before any field is read). */
    static List<Case> undecodable() {
        return List.of(
                new Case("form-encoded body", "merchantRef=order-1&amountUsdc=9.99", "invalid_json", null),
                new Case("truncated JSON", "{\"merchantRef\": \"order-1\"", "invalid_json", null),
                new Case("two JSON documents", "{} {}", "invalid_json", null));
    }

    private static Map<String, @Nullable Object> nullValued(String key) {
        var map = new LinkedHashMap<String, @Nullable Object>();
        map.put(key, null);
        return map;
    }

    private static Case with(String name, String field, @Nullable Object value, String param) {
        var body = valid();
        body.put(field, value);
        return new Case(name, JSON.writeValueAsString(body), "validation_error", param);
    }

    private static Case without(String name, String field) {
        return without(name, field, field);
    }

    private static Case without(String name, String field, String param) {
        var body = valid();
        body.remove(field);
        return new Case(name, JSON.writeValueAsString(body), "validation_error", param);
    }

    /** Sets a field to a raw JSON literal (numbers exactly as written). */
    private static Case raw(String name, String field, String literal, String param) {
        var body = valid();
        body.put(field, "@@");
        return new Case(name, JSON.writeValueAsString(body).replace("\"@@\"", literal), "validation_error", param);
    }

    /** The base body without amount and interval, plus the given form fields. */
    private static Case form(String name, Map<String, Object> fields, String param) {
        var body = valid();
        body.remove("amountUsdc");
        body.remove("interval");
        body.putAll(fields);
        return new Case(name, JSON.writeValueAsString(body), "validation_error", param);
    }
}
