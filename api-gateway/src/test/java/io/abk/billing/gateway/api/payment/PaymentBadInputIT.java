package io.abk.billing.gateway.api.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.PaymentsIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * Bad input on every payment route, as one table: bodies that are not objects or not JSON, each field of a create
 * with a wrong type or bad value (7 decimals, zero, negative, both or neither of amountUsdc and priceId, a
 * subscription price, another merchant's or mode's price, ...), list parameters, and ids that name nothing the key
 * may see. Each is a 4xx {@code {error, code}} naming the field when it is one, and nothing is sent to Kafka.
 */
class PaymentBadInputIT extends PaymentsIT {

    @Test
    void shouldAnswer4xxWithErrorAndCodeAndSendNothingWhenAPaymentRequestIsBad() {
        var merchant = newMerchant();
        var other = newMerchant();
        var existing = createPayment(merchant, "test", "5").get("id").stringValue();
        var monthPrice = price(merchant, "test", "9", "month");
        var othersPrice = oncePrice(other, "test", "9");
        var livePrice = oncePrice(merchant, "live", "9");
        var sent = paymentCommands(merchant).size();
        var key = merchant.testKey();
        var valid = paymentBody("10");
        var requests = new ArrayList<BadRequest>();
        for (var body : List.of("[1]", "\"text\"", "7", "true", "null")) {
            requests.add(new BadRequest(
                    "body " + body, key, HttpMethod.POST, "/v1/payments", body, 400, "validation_error", null));
        }
        requests.add(new BadRequest(
                "malformed JSON",
                key,
                HttpMethod.POST,
                "/v1/payments",
                "{\"merchantRef\":",
                400,
                "invalid_json",
                null));
        field(requests, key, valid, "merchantRef", null, "5", "\"\"", "\"" + "r".repeat(256) + "\"", "{}");
        field(
                requests,
                key,
                valid,
                "customerWallet",
                null,
                "\"0x123\"",
                "\"0xZZCdEf0123456789aBcDeF0123456789AbCdEf01\"",
                "7",
                "\"\"");
        field(requests, key, valid, "amountUsdc", "\"12\"", "1.1234567", "0", "-1", "-0.5", "1000000001", "true", "[]");
        field(requests, key, valid, "payoutAddressEvm", "\"0x1\"", "12", "\"payout\"");
        field(requests, key, valid, "metadata", "\"a\"", "[]", "{\"k\":1}", "{\"" + "k".repeat(41) + "\":\"v\"}");
        field(requests, key, valid, "successUrl", "\"ftp://shop.example.test\"", "\"not a url\"", "\"/relative\"", "3");
        field(requests, key, valid, "cancelUrl", "\"javascript:alert(1)\"", "false");
        field(requests, key, valid, "priceId", "7", "\"\"");
        var byPrice =
                Map.<String, Object>of("merchantRef", "r-1", "customerWallet", WALLET, "payoutAddressEvm", PAYOUT);
        requests.add(new BadRequest(
                "both amountUsdc and priceId",
                key,
                HttpMethod.POST,
                "/v1/payments",
                withField(valid, "priceId", "\"" + livePrice + "\""),
                400,
                "validation_error",
                "priceId"));
        requests.add(new BadRequest(
                "neither amountUsdc nor priceId",
                key,
                HttpMethod.POST,
                "/v1/payments",
                withField(valid, "amountUsdc", null),
                400,
                "validation_error",
                "amountUsdc"));
        requests.add(new BadRequest(
                "a subscription price",
                key,
                HttpMethod.POST,
                "/v1/payments",
                withField(byPrice, "priceId", "\"" + monthPrice + "\""),
                400,
                "validation_error",
                "priceId"));
        for (var missing : List.of(othersPrice, livePrice, "price_01jcrgx3b2m0x9k8d7f6e5a4s3", "not-a-price")) {
            requests.add(new BadRequest(
                    "price " + missing,
                    key,
                    HttpMethod.POST,
                    "/v1/payments",
                    withField(byPrice, "priceId", "\"" + missing + "\""),
                    400,
                    "resource_missing",
                    "priceId"));
        }
        requests.add(new BadRequest(
                "no payout address anywhere",
                key,
                HttpMethod.POST,
                "/v1/payments",
                withField(valid, "payoutAddressEvm", null),
                400,
                "payout_address_required",
                "payoutAddressEvm"));
        for (var query : List.of(
                "status=pending",
                "status=OPEN",
                "limit=0",
                "limit=101",
                "limit=ten",
                "startingAfter=sub_01jcrgx3b2m0x9k8d7f6e5a4s3")) {
            requests.add(new BadRequest(
                    "list " + query,
                    key,
                    HttpMethod.GET,
                    "/v1/payments?" + query,
                    null,
                    400,
                    "validation_error",
                    query.substring(0, query.indexOf('='))));
        }
        for (var id : List.of("pay_01jcrgx3b2m0x9k8d7f6e5a4s3", "not-an-id", "sub_01jcrgx3b2m0x9k8d7f6e5a4s3")) {
            requests.add(new BadRequest(
                    "get " + id, key, HttpMethod.GET, "/v1/payments/" + id, null, 404, "resource_missing", null));
        }
        requests.add(new BadRequest(
                "get another merchant's",
                other.testKey(),
                HttpMethod.GET,
                "/v1/payments/" + existing,
                null,
                404,
                "resource_missing",
                null));
        requests.add(new BadRequest(
                "get the other mode's",
                merchant.liveKey(),
                HttpMethod.GET,
                "/v1/payments/" + existing,
                null,
                404,
                "resource_missing",
                null));

        assertRefused(requests);

        assertThat(requests).hasSizeGreaterThanOrEqualTo(50);
        assertThat(paymentCommands(merchant)).as("commands sent").hasSize(sent);
        assertThat(paymentCommands(other)).isEmpty();
    }

    /** For each raw JSON value (null: the field left out), the valid body with that field: 400 naming it. */
    private static void field(
            List<BadRequest> requests, String key, Map<String, Object> valid, String field, String... values) {
        for (var value : values) {
            requests.add(new BadRequest(
                    field + " " + value,
                    key,
                    HttpMethod.POST,
                    "/v1/payments",
                    withField(valid, field, value),
                    400,
                    "validation_error",
                    field));
        }
    }
}
