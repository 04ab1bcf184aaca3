package io.abk.billing.scheduler;

import io.abk.billing.scheduler.topology.SchedulerTopology;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.util.stream.Collectors;
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

    private RenewalSchedulerApp() {
    }

    public static StreamsApp start(RenewalSchedulerConfig config) {
        var topology = SchedulerTopology.build(config.tick(), config.streamsProperties());
        var topics = SchedulerTopology.topics().stream().map(Topic::name).collect(Collectors.toSet());
        var app = StreamsApp.create(config.applicationId(), topology, config.streamsProperties(), topics);
        log.info("event=streams_starting applicationId={} bootstrapServers={} stateDir={} tickMs={} firesPerTick={}",
                config.applicationId(), config.bootstrapServers(), config.stateDir(), config.tick().toMillis(),
                SchedulerTopology.FIRES_PER_TICK);
        app.startWhenTopicsExist();
        return app;
    }

    public static void main(String[] args) throws InterruptedException {
        start(RenewalSchedulerConfig.fromEnv()).runUntilStopped("renewal-scheduler-shutdown");
    }
}
