package io.abk.billing.webhooks.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.webhookverify.WebhookSecrets;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsdtWebhookSettingsTest {

    @Test
    void shouldNeedNothingWhenNoCompanionEndpointIsConfigured() {
        var settings = new SenderProperties.Usdt(List.of(" "), null, "live");

        assertThat(settings.webhookUrls()).isEmpty();
    }

    @Test
    void shouldTrimAndDedupeUrlsAndNeverPrintTheSecret() {
        var secret = WebhookSecrets.generate();

        var settings =
                new SenderProperties.Usdt(List.of(" https://a.example/h ", "https://a.example/h"), secret, "test");

        assertThat(settings.webhookUrls()).containsExactly("https://a.example/h");
        assertThat(settings.toString()).doesNotContain(secret).contains("set (hidden)");
    }

    @Test
    void shouldNameTheVariableWhenASettingCannotBeUsed() {
        assertThatThrownBy(() -> new SenderProperties.Usdt(List.of("https://a.example/h"), null, "live"))
                .hasMessageContaining("(BILLING_USDT_WEBHOOK_SECRET) must be set");
        assertThatThrownBy(() -> new SenderProperties.Usdt(List.of("https://a.example/h"), "whsec_nope", "live"))
                .hasMessageContaining("(BILLING_USDT_WEBHOOK_SECRET) must be whsec_");
        assertThatThrownBy(() ->
                        new SenderProperties.Usdt(List.of("ftp://a.example/h"), WebhookSecrets.generate(), "live"))
                .hasMessageContaining("(BILLING_USDT_WEBHOOK_URLS) must be http(s)");
        assertThatThrownBy(() -> new SenderProperties.Usdt(List.of(), null, "sandbox"))
                .hasMessageContaining("(BILLING_USDT_WEBHOOK_MODE) must be live or test");
    }
}
