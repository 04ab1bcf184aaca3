package io.abk.billing.gateway.operator.adminport;

import io.abk.billing.opskit.config.Env;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code billing.admin-port} ({@code BILLING_ADMIN_PORT}): the port of the operator API's own listener, 0 for any
 * free one; unset keeps {@code /admin/v1} on the API port.
 */
@ConfigurationProperties("billing")
public record AdminPortProperties(@Nullable Integer adminPort) {

    public static final String VARIABLE = "BILLING_ADMIN_PORT";

    public AdminPortProperties {
        if (adminPort != null && (adminPort < 0 || adminPort > 65_535)) {
            throw new IllegalArgumentException(
                    "billing.admin-port (" + VARIABLE + ") must be a port number, was " + adminPort);
        }
    }

    /**
     * What the production profile demands before the gateway starts: the operator API on a port of its own, which
     * the public entry point (nginx) does not route, never on the port that faces the internet.
     */
    public static void checkProduction(Env env) {
        if (env.production() && env.text(VARIABLE, "").isBlank()) {
            throw new IllegalArgumentException(VARIABLE + " must be set under the production profile: the operator API"
                    + " (/admin/v1) is then served on that port alone, never on the public one");
        }
    }
}
