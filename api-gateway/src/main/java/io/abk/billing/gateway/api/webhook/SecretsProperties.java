package io.abk.billing.gateway.api.webhook;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code billing.secrets.*}: the keyring that seals webhook signing secrets at rest, {@code keys}
 * ({@code BILLING_SECRETS_KEYS}: {@code keyId:base64key}, comma-separated, 32-byte keys) and {@code activeKey}
 * ({@code BILLING_SECRETS_ACTIVE_KEY}: the id that seals). Checked, with the production profile, by
 * {@link io.abk.billing.webhookverify.sealing.SealingKeys#of} when the sealer is made.
 */
@ConfigurationProperties("billing.secrets")
public record SecretsProperties(
        @DefaultValue("") String keys, @DefaultValue("") String activeKey) {

    /** Never shows a key. */
    @Override
    public String toString() {
        return "SecretsProperties[keys=" + (keys.isBlank() ? "none" : "set (hidden)") + ", activeKey=" + activeKey
                + "]";
    }
}
