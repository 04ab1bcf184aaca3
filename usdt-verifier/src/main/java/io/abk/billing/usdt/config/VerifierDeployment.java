package io.abk.billing.usdt.config;

import io.abk.billing.usdt.http.auth.ServiceKeys;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How this verifier runs, checked once at start: the production profile ({@code SPRING_PROFILES_ACTIVE=production})
 * refuses the sandbox, which would confirm payments that never happened, and refuses to run without keys of its own
 * or with the documented development key among them. Outside production, no keys configured means the development
 * key is accepted, with a warning.
 *
 * @param production the production profile is active
 * @param sandbox transactions are simulated: reserved hashes select outcomes, no chain is read
 * @param keys the keys requests must present
 */
public record VerifierDeployment(boolean production, boolean sandbox, ServiceKeys keys) {

    private static final Logger log = LoggerFactory.getLogger(VerifierDeployment.class);

    public static VerifierDeployment check(UsdtProperties properties, boolean production) {
        if (production && properties.sandbox()) {
            throw new IllegalArgumentException("BILLING_USDT_SANDBOX=true is refused under the production profile: the"
                    + " sandbox confirms payments that never happened. Unset it and set BILLING_USDT_RPC_URLS");
        }
        List<String> configured = properties.keys();
        if (production && configured.isEmpty()) {
            throw new IllegalArgumentException("BILLING_USDT_KEYS must list the API keys under the production profile:"
                    + " the development key is refused there");
        }
        if (production && configured.contains(ServiceKeys.DEVELOPMENT_KEY)) {
            throw new IllegalArgumentException(
                    "BILLING_USDT_KEYS lists the documented development key, which is refused"
                            + " under the production profile: everyone knows it");
        }
        if (configured.isEmpty()) {
            log.warn("event=development_key_accepted message=\"BILLING_USDT_KEYS is empty: the documented development"
                    + " key (README.md, The USDT verifier) is accepted; never run like this in production\"");
            return new VerifierDeployment(
                    production, properties.sandbox(), ServiceKeys.of(List.of(ServiceKeys.DEVELOPMENT_KEY)));
        }
        return new VerifierDeployment(production, properties.sandbox(), ServiceKeys.of(configured));
    }
}
