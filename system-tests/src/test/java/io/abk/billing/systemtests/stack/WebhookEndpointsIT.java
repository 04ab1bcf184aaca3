package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Webhook endpoints through the stack: registering one answers its secret once, and the SSRF guard
 * refuses the cloud metadata address.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class WebhookEndpointsIT {

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("webhook-endpoints");
    }

    @Test
    void shouldRegisterAnEndpointWithItsSecretShownOnce() {
        // when a live endpoint on a public address is registered
        var created = api.post("/v1/webhook_endpoints")
                .key(merchant.liveKey())
                .json(Map.of("url", "https://203.0.113.10/hooks"))
                .send()
                .expect(201)
                .json();

        // then the answer carries a whsec_ secret, and reading the endpoint back never shows it
        assertThat(created.path("secret").asString()).matches("whsec_[A-Za-z0-9+/]{43}=");
        var id = created.at("/webhookEndpoint/id").asString();
        var read = api.get("/v1/webhook_endpoints/" + id)
                .key(merchant.liveKey())
                .send()
                .expect(200);
        assertThat(read.body()).doesNotContain("whsec_");
        assertThat(read.json().at("/webhookEndpoint/url").asString()).isEqualTo("https://203.0.113.10/hooks");
    }

    @Test
    void shouldRefuseTheCloudMetadataAddress() {
        var refused = api.post("/v1/webhook_endpoints")
                .key(merchant.liveKey())
                .json(Map.of("url", "https://169.254.169.254/latest"))
                .send();
        GuardRace.assertRefusal(refused, "validation_error");
        assertThat(api.get("/v1/webhook_endpoints")
                        .key(merchant.liveKey())
                        .send()
                        .expect(200)
                        .json()
                        .path("webhookEndpoints"))
                .isEmpty();
    }
}
