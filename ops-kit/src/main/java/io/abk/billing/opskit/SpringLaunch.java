package io.abk.billing.opskit;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * Starts a Spring Boot service the same way whether it is its own process ({@code main}, inside
 * {@link ServiceMain#run}) or runs inside another JVM (the local stack, the tests): its settings win over the
 * environment, its configuration file is {@code <service>.yml} (not {@code application.yml}, which is the gateway's
 * on a shared class path), and inside another JVM the host's logging stays as it is.
 */
public final class SpringLaunch {

    private SpringLaunch() {}

    /**
     * Runs {@code application} and returns its context once it has started.
     *
     * @param service    the service's name, also the name of its configuration file
     * @param mainClass  the class to report as the application: inside another JVM Spring Boot would name that JVM's
     * @param settings   settings (e.g. {@code BILLING_KAFKA_BOOTSTRAP_SERVERS}) that win over the environment
     * @param ownProcess whether the service is the process; if not, Boot must not reset the host's logback set-up
     */
    public static ConfigurableApplicationContext run(
            SpringApplication application,
            String service,
            Class<?> mainClass,
            Map<String, String> settings,
            boolean ownProcess) {
        application.setMainApplicationClass(mainClass);
        if (!ownProcess) {
            application.setListeners(application.getListeners().stream()
                    .filter(listener -> !(listener instanceof LoggingApplicationListener))
                    .toList());
        }
        var environment = new StandardEnvironment();
        var first = new HashMap<String, Object>(settings);
        first.put("spring.config.name", service);
        environment.getPropertySources().addFirst(new MapPropertySource(service + " settings", first));
        application.setEnvironment(environment);
        return application.run();
    }
}
