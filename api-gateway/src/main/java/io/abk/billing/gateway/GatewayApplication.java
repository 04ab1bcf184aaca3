package io.abk.billing.gateway;

import io.abk.billing.gateway.operator.adminport.AdminPortProperties;
import io.abk.billing.opskit.ServiceMain;
import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.Secret;
import io.abk.billing.opskit.logging.EarlyLogging;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import java.util.List;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Starts the gateway on its own, the way every service starts ({@link ServiceMain}, {@link SpringLaunch}): a setting
 * it cannot use, or a secret the production profile refuses, ends the process with status 2 and one line naming the
 * variable. The local stack starts it in-process with its own settings.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

    public static final String SERVICE = "api-gateway";

    /**
     * Its secrets, read from their variables or {@code _FILE} files and checked under the production profile before it
     * starts: the operator token, the database password and the sealing keyring of webhook secrets; and, under that
     * profile, the operator API on a port of its own.
     */
    static final SpringLaunch.Service LAUNCH = new SpringLaunch.Service(
                    SERVICE,
                    "application",
                    GatewayApplication.class,
                    List.of(
                            Secret.required("BILLING_ADMIN_TOKEN"),
                            Secret.required("BILLING_DB_PASSWORD"),
                            Secret.required(SealingKeys.KEYS_VARIABLE).keyring()))
            .checking(AdminPortProperties::checkProduction);

    public static void main(String[] args) {
        EarlyLogging.quietReplayNote();
        // Runs until the JVM is asked to stop; Spring's shutdown hook closes it gracefully.
        ServiceMain.run(
                SERVICE,
                () -> SpringLaunch.run(new SpringApplication(GatewayApplication.class), LAUNCH, Map.of(), true, args));
    }
}
