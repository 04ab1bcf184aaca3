package io.abk.billing.gateway.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

/** Signing secrets have DESIGN 11's shape, which the Standard Webhooks signature (base64-decoded key) relies on. */
class WebhookSecretsTest {

    @Test
    void shouldBeWhsecAndBase64Of32BytesWhenMinted() {
        var secret = WebhookSecrets.next();
        assertThat(secret).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length()))).hasSize(32);
    }

    @Test
    void shouldDifferWhenMintedTwice() {
        var seen = new HashSet<String>();
        for (int i = 0; i < 100; i++) {
            seen.add(WebhookSecrets.next());
        }
        assertThat(seen).hasSize(100);
    }
}
