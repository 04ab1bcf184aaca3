package io.abk.billing.gateway.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.command.testkit.GatewayTestSupport;
import io.abk.billing.gateway.command.testkit.TestKafka;
import io.abk.billing.gateway.command.testkit.TestPlatform;
import io.abk.billing.schemas.avro.Mode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/** The subscription routes over HTTP, through the real producer, the real projector and PostgreSQL. */
class SubscriptionApiIT extends GatewayTestSupport {

    static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    static final String PAYOUT = "0x2222222222222222222222222222222222222222";

    @Test
    void shouldCreateByPriceAndReadItBackWhenThePriceIsRecurring() {
        var merchant = newMerchant();
        var price = catalog.addPrice(merchant, Mode.TEST, 19_990_000L, "year", 14, true);

        var created = post(merchant, "test", Map.of("merchantRef", "order-1", "customerWallet", WALLET,
                "payoutAddressEvm", PAYOUT, "priceId", price.id(), "metadata", Map.of("plan", "gold")))
                .expectStatus().isCreated()
                .expectBody(JsonNode.class).returnResult().getResponseBody();

        var subscription = created.get("subscription");
        var id = subscription.get("id").stringValue();
        assertThat(subscription.get("status").stringValue()).isEqualTo("incomplete");
        assertThat(subscription.get("amountUsdc").decimalValue()).isEqualByComparingTo("19.99");
        assertThat(subscription.get("interval").stringValue()).isEqualTo("year");
        assertThat(subscription.get("walletAddress").stringValue()).isEqualTo(WALLET);
        assertThat(subscription.get("priceId").stringValue()).isEqualTo(price.id());
        assertThat(subscription.get("metadata").get("plan").stringValue()).isEqualTo("gold");
        assertThat(subscription.get("trialEnd").isNull()).isFalse();
        assertThat(created.get("invoice").get("subscriptionId").stringValue()).isEqualTo(id);
        assertThat(created.get("checkoutUrl").stringValue()).isEqualTo("https://pay.example.test/checkout/subscribe/" + id);

        var read = get(merchant, "test", "/v1/subscriptions/" + id).expectStatus().isOk()
                .expectBody(JsonNode.class).returnResult().getResponseBody();
        assertThat(read).isEqualTo(subscription);
    }

    WebTestClient.ResponseSpec post(String merchant, String mode, Object body) {
        return http.post().uri("/v1/subscriptions")
                .header(TestPlatform.MERCHANT_HEADER, merchant).header(TestPlatform.MODE_HEADER, mode)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    WebTestClient.ResponseSpec get(String merchant, String mode, String path) {
        return http.get().uri(path).header(TestPlatform.MERCHANT_HEADER, merchant).header(TestPlatform.MODE_HEADER, mode).exchange();
    }
}
