package io.abk.billing.opskit.config;

import io.abk.billing.webhookverify.sealing.SealingKeys;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * The sealer of webhook signing secrets a service starts with (the gateway seals them, the webhook sender opens them):
 * the configured keyring, or the documented development key outside the production profile when none is configured,
 * with a warning; under the production profile a missing key stops the start. Says which key ids it holds, never a
 * key.
 */
public final class SealerStart {

    private static final Logger log = LoggerFactory.getLogger(SealerStart.class);

    private SealerStart() {}

    /**
     * @param keys {@code BILLING_SECRETS_KEYS}
     * @param activeKey {@code BILLING_SECRETS_ACTIVE_KEY}
     * @param use what the service does with the secrets, as its warning says it: {@code sealed} or {@code opened}
     */
    public static SecretSealer sealer(String keys, String activeKey, Environment environment, String use) {
        var keyring = SealingKeys.of(keys, activeKey, environment.acceptsProfiles(Profiles.of(Env.PRODUCTION_PROFILE)));
        if (keyring.isDevelopment()) {
            log.warn("event=development_sealing_key message=\"" + SealingKeys.KEYS_VARIABLE
                    + " is empty: webhook signing secrets are " + use
                    + " with the documented development key, which protects nothing; never run like this in"
                    + " production\"");
        } else {
            log.info("event=sealing_keys_ready activeKey={} keys={}", keyring.activeId(), keyring.ids());
        }
        return new SecretSealer(keyring);
    }
}
