package io.abk.billing.opskit;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.config.Secret;
import io.abk.billing.opskit.web.EmbeddedEventLoops;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.env.StandardEnvironment;

/**
 * Starts a Spring Boot service the same way whether it is its own process ({@code main}, inside
 * {@link ServiceMain#run}) or runs inside another JVM (the local stack, the tests): its settings win over the
 * environment, its configuration file is {@code <service>.yml} unless it names another (the gateway's is
 * {@code application.yml}), and inside another JVM the host's logging stays as it is and a WebFlux service runs on
 * event loops of its own ({@link EmbeddedEventLoops}). Before Spring starts, its
 * secrets are read the way every service reads them ({@link Env#secret}: a value from a {@code <NAME>_FILE} file is
 * given to Spring as {@code <NAME>}) and, under the production profile, checked: a refusal ends the start with the
 * variable's name, before any port or client is opened.
 */
public final class SpringLaunch {

    /**
     * A Spring Boot service.
     *
     * @param name       the service's name (in logs and its start failures)
     * @param configName the base name of its configuration file
     * @param mainClass  the class to report as the application: inside another JVM Spring Boot would name that JVM's
     * @param secrets    its secret settings, read and checked before Spring starts
     * @param checks     what else it demands of its settings before Spring starts (the production profile's rules
     *                   beyond secrets), throwing {@link IllegalArgumentException} naming the variable
     */
    public record Service(
            String name, String configName, Class<?> mainClass, List<Secret> secrets, Consumer<Env> checks) {

        public Service {
            secrets = List.copyOf(secrets);
        }

        public Service(String name, String configName, Class<?> mainClass, List<Secret> secrets) {
            this(name, configName, mainClass, secrets, env -> {});
        }

        /** A service whose configuration file is {@code <name>.yml}. */
        public static Service named(String name, Class<?> mainClass, List<Secret> secrets) {
            return new Service(name, name, mainClass, secrets);
        }

        /** The same service, also checking its settings with {@code check} before it starts. */
        public Service checking(Consumer<Env> check) {
            return new Service(name, configName, mainClass, secrets, checks.andThen(check));
        }
    }

    private SpringLaunch() {}

    /**
     * Runs {@code application} and returns its context once it has started.
     *
     * @param settings   settings (e.g. {@code BILLING_KAFKA_BOOTSTRAP_SERVERS}) that win over the environment
     * @param ownProcess whether the service is the process; if not, Boot must not reset the host's logback set-up
     * @param args       the process's arguments ({@code --name=value} settings of Spring Boot)
     * @throws IllegalArgumentException naming a secret the production profile refuses
     */
    public static ConfigurableApplicationContext run(
            SpringApplication application,
            Service service,
            Map<String, String> settings,
            boolean ownProcess,
            String... args) {
        application.setMainApplicationClass(service.mainClass());
        if (!ownProcess) {
            application.setListeners(application.getListeners().stream()
                    .filter(listener -> !(listener instanceof LoggingApplicationListener))
                    .toList());
            if (application.getWebApplicationType() == WebApplicationType.REACTIVE) {
                application.addInitializers(EmbeddedEventLoops.initializer());
            }
        }
        var environment = new StandardEnvironment();
        var first = new HashMap<String, Object>(settings);
        first.put("spring.config.name", service.configName());
        var source = new MapPropertySource(service.name() + " settings", first);
        environment.getPropertySources().addFirst(source);
        var env = env(environment);
        for (var secret : service.secrets()) {
            var value = env.secret(secret);
            if (!value.isEmpty()) {
                // What a file held becomes the variable itself, which the service's configuration reads.
                first.put(secret.name(), value);
            }
        }
        service.checks().accept(env);
        application.setEnvironment(environment);
        return application.run(args);
    }

    /**
     * A Spring service's settings as {@link Env} reads them, for the parts every service shares (Kafka's security,
     * PostgreSQL's TLS): its property names resolve its {@code BILLING_*} variables, and the production profile is
     * Spring's own ({@code spring.profiles.active}, or {@code SPRING_PROFILES_ACTIVE}).
     */
    public static Env env(PropertyResolver environment) {
        return Env.of(environment::getProperty, environment.getProperty("spring.profiles.active"));
    }
}
