package io.abk.billing.streams;

import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.streams.topology.BillingTopology;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the billing topology. {@link #start} returns at once with the running {@link StreamsApp}: Kafka Streams
 * starts in the background as soon as every topic of the topology exists (the app creates none), and closing
 * leaves the consumer group and keeps the local state; see {@link StreamsApp} for the whole lifecycle.
 */
public final class BillingStreamsApp {

    private static final Logger log = LoggerFactory.getLogger(BillingStreamsApp.class);

    private BillingStreamsApp() {
    }

    public static StreamsApp start(BillingStreamsConfig config) {
        var topology = BillingTopology.build(config.dunning(), config.payments());
        var topics = BillingTopology.topics().stream().map(Topic::name).collect(Collectors.toSet());
        var app = StreamsApp.create(config.applicationId(), topology, config.streamsProperties(), topics);
        log.info("event=streams_starting applicationId={} bootstrapServers={} stateDir={} threads={} commitIntervalMs={}"
                        + " paymentExpiry={}", config.applicationId(), config.bootstrapServers(), config.stateDir(),
                config.streamThreads(), config.commitInterval().toMillis(), config.payments().expiry());
        app.startWhenTopicsExist();
        return app;
    }

    public static void main(String[] args) throws InterruptedException {
        start(BillingStreamsConfig.fromEnv()).runUntilStopped("billing-streams-shutdown");
    }
}
