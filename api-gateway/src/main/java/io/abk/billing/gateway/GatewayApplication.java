package io.abk.billing.gateway;

import io.abk.billing.opskit.logging.EarlyLogging;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Starts the gateway on its own; the local stack starts it in-process with its own settings. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

    public static void main(String[] args) {
        EarlyLogging.quietReplayNote();
        SpringApplication.run(GatewayApplication.class, args);
    }
}
