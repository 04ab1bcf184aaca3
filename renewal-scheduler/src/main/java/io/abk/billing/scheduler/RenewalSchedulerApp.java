package io.abk.billing.scheduler;

import io.abk.billing.scheduler.topology.SchedulerTopology;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.streamskit.lifecycle.StreamsProcess;
import io.abk.billing.streamskit.lifecycle.TopicRequirements;
import io.abk.billing.topics.TopicLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the renewal-scheduler topology: the due-time index of subscriptions, invoices, payments and payment links,
 * and the punctuator that sends their renewal, charge and expiry commands when due. {@link #start} returns at once
 * with the running {@link StreamsApp}: Kafka Streams starts in the background as soon as every topic of the
 * topology exists (the app creates none), and closing leaves the consumer group and keeps the local state.
 */
public final class RenewalSchedulerApp {

    private static final Logger log = LoggerFactory.getLogger(RenewalSchedulerApp.class);

    /** The default management port: each service has its own, so that several run side by side on one host. */
    public static final int MANAGEMENT_PORT = 9103;

    private RenewalSchedulerApp() {}

    public static StreamsApp start(RenewalSchedulerSettings config) {
        var topology = SchedulerTopology.build(
                config.deployment(), config.tick(), config.firesPerTick(), config.policy(), config.streamsProperties());
        var layout = TopicLayout.of(config.deployment(), SchedulerTopology.topics());
        var app = StreamsApp.create(
                config.applicationId(),
                topology,
                config.streamsProperties(),
                new TopicRequirements(layout.names(), layout::problems));
        log.info(
                "event=streams_starting applicationId={} bootstrapServers={} stateDir={} tickMs={} firesPerTick={}"
                        + " fundingCheckLead={}",
                config.applicationId(),
                config.bootstrapServers(),
                config.stateDir(),
                config.tick().toMillis(),
                config.firesPerTick(),
                config.policy().fundingLead());
        app.startWhenTopicsExist();
        return app;
    }

    /**
     * renewal-scheduler as its own process, configured by the environment ({@link RenewalSchedulerSettings#fromEnv()}),
     * with its management port on {@code BILLING_MANAGEMENT_PORT} ({@value #MANAGEMENT_PORT} by default).
     */
    public static void main(String[] args) {
        StreamsProcess.run("renewal-scheduler", MANAGEMENT_PORT, () -> start(RenewalSchedulerSettings.fromEnv()));
    }
}
