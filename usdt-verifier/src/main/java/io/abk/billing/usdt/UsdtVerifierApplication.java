package io.abk.billing.usdt;

import io.abk.billing.opskit.RunningService;
import io.abk.billing.opskit.ServiceMain;
import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.Secret;
import io.abk.billing.opskit.logging.EarlyLogging;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.usdt.config.PartsHealthConfiguration;
import io.abk.billing.usdt.config.VerifierConfiguration;
import io.abk.billing.usdt.http.auth.ServiceKeys;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Starts the verifier: {@link #main} as its own process, {@link #start} inside another JVM (a launcher, the tests).
 * Settings are the {@code BILLING_USDT_*} names of {@code usdt-verifier.yml}; the map given to {@link #start}
 * overrides the environment. A setting it cannot use (or the sandbox, or the development key, under the production
 * profile) ends the process with status 2 and one line naming it.
 */
public final class UsdtVerifierApplication {

    public static final String SERVICE = "usdt-verifier";

    /**
     * Its secrets, read from their variables or {@code _FILE} files and checked under the production profile before it
     * starts: the API keys (each one alone, and never the documented development key) and the data provider's key,
     * whose length is the provider's.
     */
    static final SpringLaunch.Service LAUNCH = SpringLaunch.Service.named(
            SERVICE,
            UsdtVerifierApplication.class,
            List.of(
                    Secret.required("BILLING_USDT_KEYS")
                            .list()
                            .refusing(
                                    "the USDT verifier's documented development key",
                                    List.of(ServiceKeys.DEVELOPMENT_KEY)),
                    Secret.optional("BILLING_USDT_RPC_API_KEY").issuedElsewhere()));

    private UsdtVerifierApplication() {}

    /** The application's own configuration: Spring Boot's auto-configuration (WebFlux, actuator) and our parts. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import({VerifierConfiguration.class, PartsHealthConfiguration.class})
    static class UsdtVerifierConfiguration {}

    public static void main(String[] args) {
        EarlyLogging.quietReplayNote();
        // Runs until the JVM is asked to stop; Spring's shutdown hook closes the HTTP server, Kafka Streams (leaving
        // its group) and the clients. Kafka Streams failing into ERROR ends the process with status 1, as it ends
        // every Streams service's, so that its supervisor starts it again instead of it serving on with health DOWN.
        ServiceMain.run(
                SERVICE,
                () -> launch(Map.of(), true).context().getBean(StreamsApp.class).exitWhenFailed());
    }

    /**
     * Starts the verifier and returns once it serves.
     *
     * @param settings {@code BILLING_*} settings (e.g. {@code BILLING_KAFKA_BOOTSTRAP_SERVERS}, {@code BILLING_USDT_SANDBOX},
     *                 {@code BILLING_USDT_HTTP_PORT}, {@code spring.profiles.active}) that win over the environment
     */
    public static Running start(Map<String, String> settings) {
        return launch(settings, false);
    }

    private static Running launch(Map<String, String> settings, boolean ownProcess) {
        var application = new SpringApplication(UsdtVerifierConfiguration.class);
        application.setWebApplicationType(WebApplicationType.REACTIVE);
        return new Running(SpringLaunch.run(application, LAUNCH, settings, ownProcess));
    }

    /** The running verifier; closing it stops the HTTP server, Kafka Streams and the clients. */
    public static final class Running extends RunningService {

        Running(ConfigurableApplicationContext context) {
            super(context);
        }

        /** The HTTP port it listens on (useful with BILLING_USDT_HTTP_PORT=0). */
        public int port() {
            return Objects.requireNonNull(((WebServerApplicationContext) context()).getWebServer())
                    .getPort();
        }
    }
}
