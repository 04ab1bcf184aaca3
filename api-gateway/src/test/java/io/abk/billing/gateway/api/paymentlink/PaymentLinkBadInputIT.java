package io.abk.billing.gateway.api.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.PaymentsIT;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * Bad input on every payment link route, as one table: each field of a create with a wrong type or bad value
 * (maxUses 0, -1, 1.5, "3"; expiresAt in the past or malformed; a bad prefix; the amount rules), list parameters,
 * and ids that name nothing the key may see, for get and disable. Each is a 4xx {@code {error, code}} naming the
 * field when it is one, and nothing is sent to Kafka.
 */
class PaymentLinkBadInputIT extends PaymentsIT {

    @Test
    void shouldAnswer4xxWithErrorAndCodeAndSendNothingWhenAPaymentLinkRequestIsBad() {
        var merchant = newMerchant();
        var other = newMerchant();
        var existing = createLink(merchant, "test", "5", Map.of()).get("id").stringValue();
        var monthPrice = price(merchant, "test", "9", "year");
        var othersPrice = oncePrice(other, "test", "9");
        var sent = linkCommands(merchant).size();
        var key = merchant.testKey();
        var valid = Map.<String, Object>of("amountUsdc", 10, "payoutAddressEvm", PAYOUT);
        var requests = new ArrayList<BadRequest>();
        for (var body : List.of("[1]", "\"text\"", "7", "false")) {
            requests.add(new BadRequest(
                    "body " + body, key, HttpMethod.POST, "/v1/payment-links", body, 400, "validation_error", null));
        }
        requests.add(new BadRequest(
                "malformed JSON",
                key,
                HttpMethod.POST,
                "/v1/payment-links",
                "{\"amountUsdc\":1",
                400,
                "invalid_json",
                null));
        requests.add(new BadRequest(
                "empty body", key, HttpMethod.POST, "/v1/payment-links", "{}", 400, "validation_error", "amountUsdc"));
        field(requests, key, valid, "amountUsdc", "\"10\"", "1.0000001", "0", "-2", "2000000000", "null");
        field(requests, key, valid, "maxUses", "0", "-1", "1.5", "\"3\"", "1000001", "true", "[]");
        var past = Instant.now().minus(1, ChronoUnit.MINUTES).toString();
        field(
                requests,
                key,
                valid,
                "expiresAt",
                "\"" + past + "\"",
                "\"2020-01-01T00:00:00Z\"",
                "\"tomorrow\"",
                "\"2099-01-01\"",
                "\"2099-13-01T00:00:00Z\"",
                "\"2099-01-01T00:00:00\"",
                "1893456000",
                "\"\"",
                "\"+300000-01-01T00:00:00Z\"");
        field(
                requests,
                key,
                valid,
                "merchantRefPrefix",
                "\"\"",
                "\"a b\"",
                "\"caf\u00e9\"",
                "\"x/y\"",
                "\"" + "p".repeat(101) + "\"",
                "5");
        field(requests, key, valid, "description", "\"" + "d".repeat(501) + "\"", "7", "\"\"");
        field(requests, key, valid, "collectEmail", "\"yes\"", "1");
        field(requests, key, valid, "collectName", "\"true\"", "0");
        field(requests, key, valid, "payoutAddressEvm", "\"0xabc\"", "1");
        field(requests, key, valid, "metadata", "[]", "{\"k\":true}");
        field(requests, key, valid, "successUrl", "\"mailto:a@b.c\"", "\"shop\"");
        field(requests, key, valid, "cancelUrl", "\"data:text/html,x\"");
        requests.add(new BadRequest(
                "both amountUsdc and priceId",
                key,
                HttpMethod.POST,
                "/v1/payment-links",
                withField(valid, "priceId", "\"" + othersPrice + "\""),
                400,
                "validation_error",
                "priceId"));
        var byPrice = Map.<String, Object>of("payoutAddressEvm", PAYOUT);
        requests.add(new BadRequest(
                "a subscription price",
                key,
                HttpMethod.POST,
                "/v1/payment-links",
                withField(byPrice, "priceId", "\"" + monthPrice + "\""),
                400,
                "validation_error",
                "priceId"));
        requests.add(new BadRequest(
                "another merchant's price",
                key,
                HttpMethod.POST,
                "/v1/payment-links",
                withField(byPrice, "priceId", "\"" + othersPrice + "\""),
                400,
                "resource_missing",
                "priceId"));
        requests.add(new BadRequest(
                "no payout address anywhere",
                key,
                HttpMethod.POST,
                "/v1/payment-links",
                "{\"amountUsdc\":1}",
                400,
                "payout_address_required",
                "payoutAddressEvm"));
        for (var query :
                List.of("status=open", "limit=0", "limit=1000", "startingAfter=pay_01jcrgx3b2m0x9k8d7f6e5a4s3")) {
            requests.add(new BadRequest(
                    "list " + query,
                    key,
                    HttpMethod.GET,
                    "/v1/payment-links?" + query,
                    null,
                    400,
                    "validation_error",
                    query.substring(0, query.indexOf('='))));
        }
        for (var id : List.of("plink_01jcrgx3b2m0x9k8d7f6e5a4s3", "not-an-id", "pay_01jcrgx3b2m0x9k8d7f6e5a4s3")) {
            requests.add(new BadRequest(
                    "get " + id, key, HttpMethod.GET, "/v1/payment-links/" + id, null, 404, "resource_missing", null));
            requests.add(new BadRequest(
                    "disable " + id,
                    key,
                    HttpMethod.POST,
                    "/v1/payment-links/" + id + "/disable",
                    null,
                    404,
                    "resource_missing",
                    null));
        }
        for (var caller : Map.of("another merchant", other.testKey(), "the other mode", merchant.liveKey())
                .entrySet()) {
            requests.add(new BadRequest(
                    "get by " + caller.getKey(),
                    caller.getValue(),
                    HttpMethod.GET,
                    "/v1/payment-links/" + existing,
                    null,
                    404,
                    "resource_missing",
                    null));
            requests.add(new BadRequest(
                    "disable by " + caller.getKey(),
                    caller.getValue(),
                    HttpMethod.POST,
                    "/v1/payment-links/" + existing + "/disable",
                    null,
                    404,
                    "resource_missing",
                    null));
        }
        requests.add(new BadRequest(
                "disable with a non-object body",
                key,
                HttpMethod.POST,
                "/v1/payment-links/" + existing + "/disable",
                "[1]",
                400,
                "validation_error",
                null));

        assertRefused(requests);

        assertThat(requests).hasSizeGreaterThanOrEqualTo(60);
        assertThat(linkCommands(merchant)).as("commands sent").hasSize(sent);
        assertThat(linkCommands(other)).isEmpty();
        assertThat(get(merchant, "test", "/v1/payment-links/" + existing)
                        .body()
                        .get("paymentLink")
                        .get("status")
                        .stringValue())
                .isEqualTo("active");
    }

    /** For each raw JSON value, the valid body with that field: 400 naming it. */
    private static void field(
            List<BadRequest> requests, String key, Map<String, Object> valid, String field, String... values) {
        for (var value : values) {
            requests.add(new BadRequest(
                    field + " " + value,
                    key,
                    HttpMethod.POST,
                    "/v1/payment-links",
                    withField(valid, field, value),
                    400,
                    "validation_error",
                    field));
        }
    }
}
