package io.abk.billing.webhooks;

import io.abk.billing.opskit.RunningService;
import io.abk.billing.opskit.ServiceMain;
import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.Secret;
import io.abk.billing.opskit.logging.EarlyLogging;
import io.abk.billing.webhooks.config.SenderConfiguration;
import io.abk.billing.webhooks.delivery.DeliveryService;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * Starts the webhook sender: {@link #main} as its own process, {@link #start} inside another JVM (the local stack).
 * Settings are the {@code BILLING_*} names of {@code webhook-sender.yml}; the map given to {@link #start} overrides
 * the environment.
 */
public final class WebhookSenderApplication {

    public static final String SERVICE = "webhook-sender";

    /**
     * Its secrets, read from their variables or {@code _FILE} files and checked under the production profile before it
     * starts: the database password, the sealing keyring (the gateway's) and the signing secret of the USDT verifier's
     * webhooks (needed only with their URLs).
     */
    static final SpringLaunch.Service LAUNCH = SpringLaunch.Service.named(
            SERVICE,
            WebhookSenderApplication.class,
            List.of(
                    Secret.required("BILLING_DB_PASSWORD"),
                    Secret.required(SealingKeys.KEYS_VARIABLE).keyring(),
                    Secret.optional("BILLING_USDT_WEBHOOK_SECRET")));

    private WebhookSenderApplication() {}

    public static void main(String[] args) {
        EarlyLogging.quietReplayNote();
        // Runs until the JVM is asked to stop; Spring's shutdown hook closes it gracefully (drains attempts). A setting
        // it cannot use ends the process with status 2 and a line naming the variable.
        ServiceMain.run(SERVICE, () -> launch(Map.of(), true, new Class<?>[0]));
    }

    /**
     * Starts the sender and returns once its listeners are started.
     *
     * @param settings {@code BILLING_*} settings (e.g. {@code BILLING_KAFKA_BOOTSTRAP_SERVERS}, {@code BILLING_JDBC_URL},
     *                 {@code BILLING_DB_USER}, {@code BILLING_DB_PASSWORD}, {@code BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST})
     *                 that win over the environment
     */
    public static Running start(Map<String, String> settings) {
        return start(settings, new Class<?>[0]);
    }

    /** As {@link #start(Map)}, with more configuration classes (tests add stand-ins with them). */
    public static Running start(Map<String, String> settings, Class<?>... moreConfiguration) {
        return launch(settings, false, moreConfiguration);
    }

    private static Running launch(Map<String, String> settings, boolean ownProcess, Class<?>... moreConfiguration) {
        var sources = Stream.concat(Stream.of(SenderConfiguration.class), Stream.of(moreConfiguration))
                .toArray(Class<?>[]::new);
        var application = new SpringApplication(sources);
        application.setWebApplicationType(WebApplicationType.NONE);
        return new Running(SpringLaunch.run(application, LAUNCH, settings, ownProcess));
    }

    /** The running sender; closing it drains the attempts in flight and stops the listeners. */
    public static final class Running extends RunningService {

        Running(ConfigurableApplicationContext context) {
            super(context);
        }

        public boolean isRunning() {
            return context().isRunning();
        }

        /**
         * The parts that have stopped while the sender runs: a Kafka listener container (by its id; the fan-out of
         * billing.events, the companion's of usdt.events) or {@code delivery} (the delivery loops). Empty while
         * everything works; what the sender's own {@code /health} watches, for a host that runs it in its JVM.
         */
        public List<String> stoppedParts() {
            var stopped = new ArrayList<String>();
            for (var container :
                    context().getBean(KafkaListenerEndpointRegistry.class).getListenerContainers()) {
                if (!container.isRunning()) {
                    stopped.add(Objects.requireNonNullElse(
                            container.getListenerId(), "listener of " + container.getGroupId()));
                }
            }
            if (!context().getBean(DeliveryService.class).isRunning()) {
                stopped.add("delivery");
            }
            return List.copyOf(stopped);
        }
    }
}
