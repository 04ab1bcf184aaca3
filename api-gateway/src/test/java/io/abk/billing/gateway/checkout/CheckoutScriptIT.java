package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The pages' script as the gateway serves it: public, JavaScript, cached for a year only at its current version. */
class CheckoutScriptIT extends GatewayIT {

    @Test
    void shouldServeTheScriptCachedForAYearWhenAskedForItsCurrentVersion() {
        var body = http.get()
                .uri(CheckoutScript.src())
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentTypeCompatibleWith("text/javascript")
                .expectHeader()
                .valueEquals("Cache-Control", "max-age=31536000, public, immutable")
                .expectHeader()
                .valueEquals("ETag", "\"" + CheckoutScript.VERSION + "\"")
                .expectHeader()
                .valueEquals("X-Content-Type-Options", "nosniff")
                .expectBody(byte[].class)
                .returnResult()
                .getResponseBody();

        assertThat(new String(body, StandardCharsets.UTF_8))
                .isEqualTo(CheckoutScript.text())
                .contains("data-state", "eth_requestAccounts");
    }

    @Test
    void shouldServeTheCurrentScriptUncachedWhenAskedForAnotherVersionOrNone() {
        for (var uri : new String[] {CheckoutScript.PATH, CheckoutScript.PATH + "?v=0123456789abcdef"}) {
            http.get()
                    .uri(uri)
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectHeader()
                    .valueEquals("Cache-Control", "no-cache")
                    .expectBody(byte[].class)
                    .isEqualTo(CheckoutScript.BYTES);
        }
    }
}
