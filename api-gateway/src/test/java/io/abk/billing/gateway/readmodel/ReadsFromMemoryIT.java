package io.abk.billing.gateway.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * With its projector the only member of its group, the gateway answers a read by id from the resources its
 * projector put in memory, within the caller's merchant and mode, and a list from PostgreSQL. A row changed in the
 * table behind the projector's back tells the two apart (nothing but the projector writes those tables).
 */
class ReadsFromMemoryIT extends GatewayIT {

    private static final String WALLET = "0x1111111111111111111111111111111111111111";
    private static final String PAYOUT = "0x2222222222222222222222222222222222222222";

    @Test
    void shouldAnswerAReadByIdFromMemoryAndAListFromTheTable() {
        var merchant = newMerchant();
        var created = post(
                merchant,
                "/v1/subscriptions",
                Map.of(
                        "merchantRef",
                        "order-1",
                        "customerWallet",
                        WALLET,
                        "payoutAddressEvm",
                        PAYOUT,
                        "amountUsdc",
                        new BigDecimal("9.99"),
                        "interval",
                        "month"));
        var id = created.get("subscription").get("id").stringValue();
        var invoiceId = created.get("invoice").get("id").stringValue();

        int changed = database()
                .execute(
                        "UPDATE subscriptions SET body = jsonb_set(body::jsonb, '{merchantRef}', '\"changed-in-table\"')::json"
                                + " WHERE id = ?",
                        id);
        assertThat(changed).isEqualTo(1);

        assertThat(get(merchant, "test", "/v1/subscriptions/" + id)
                        .get("merchantRef")
                        .stringValue())
                .isEqualTo("order-1");
        assertThat(get(merchant, "test", "/v1/invoices/" + invoiceId)
                        .get("subscriptionId")
                        .stringValue())
                .isEqualTo(id);
        assertThat(get(merchant, "test", "/v1/subscriptions?limit=1")
                        .get("subscriptions")
                        .get(0)
                        .get("merchantRef")
                        .stringValue())
                .isEqualTo("changed-in-table");
    }

    @Test
    void shouldNotShowAResourceInMemoryToAnotherMerchantOrMode() {
        var merchant = newMerchant();
        var other = newMerchant();
        var id = post(
                        merchant,
                        "/v1/subscriptions",
                        Map.of(
                                "merchantRef",
                                "order-2",
                                "customerWallet",
                                WALLET,
                                "payoutAddressEvm",
                                PAYOUT,
                                "amountUsdc",
                                new BigDecimal("1.00"),
                                "interval",
                                "month"))
                .get("subscription")
                .get("id")
                .stringValue();

        assertThat(status(merchant, "test", "/v1/subscriptions/" + id)).isEqualTo(200);
        assertThat(status(other, "test", "/v1/subscriptions/" + id)).isEqualTo(404);
        assertThat(status(merchant, "live", "/v1/subscriptions/" + id)).isEqualTo(404);
    }

    private JsonNode post(TestMerchant merchant, String path, Map<String, Object> body) {
        return http.post()
                .uri(path)
                .header("x-service-api-key", merchant.testKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    private JsonNode get(TestMerchant merchant, String mode, String path) {
        return http.get()
                .uri(path)
                .header("x-service-api-key", merchant.key(mode))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    private int status(TestMerchant merchant, String mode, String path) {
        return http.get()
                .uri(path)
                .header("x-service-api-key", merchant.key(mode))
                .exchange()
                .returnResult(String.class)
                .getStatus()
                .value();
    }
}
