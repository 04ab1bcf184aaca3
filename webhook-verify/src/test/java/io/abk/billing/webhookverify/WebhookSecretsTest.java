package io.abk.billing.webhookverify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

class WebhookSecretsTest {

    @Test
    void shouldBeWhsecAndBase64Of32BytesWhenGenerated() {
        var secret = WebhookSecrets.generate();

        assertThat(secret).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length())))
                .hasSize(32);
    }

    @Test
    void shouldDifferEachTimeWhenGeneratedRepeatedly() {
        var seen = new HashSet<String>();
        for (int i = 0; i < 1_000; i++) {
            seen.add(WebhookSecrets.generate());
        }

        assertThat(seen).hasSize(1_000);
    }

    @Test
    void shouldSignAndVerifyWhenGenerated() throws Exception {
        var secret = WebhookSecrets.generate();
        var now = Instant.now();

        var headers = WebhookSigner.of(secret).sign("evt_1", "{}", now);

        assertThat(WebhookVerifier.of(secret).verify("{}", headers.serviceSignature()))
                .isEqualTo(Instant.ofEpochSecond(now.getEpochSecond()));
    }
}
