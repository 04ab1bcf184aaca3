package io.abk.billing.streams;

import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.topology.BillingTopology;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.streamskit.lifecycle.StreamsProcess;
import io.abk.billing.streamskit.lifecycle.TopicRequirements;
import io.abk.billing.topics.TopicLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the billing topology. {@link #start} returns at once with the running {@link StreamsApp}: Kafka Streams
 * starts in the background as soon as every topic of the topology exists (the app creates none), and closing
 * leaves the consumer group and keeps the local state; see {@link StreamsApp} for the whole lifecycle.
 */
public final class BillingStreamsApp {

    private static final Logger log = LoggerFactory.getLogger(BillingStreamsApp.class);

    /** The default management port: each service has its own, so that several run side by side on one host. */
    public static final int MANAGEMENT_PORT = 9101;

    private BillingStreamsApp() {}

    public static StreamsApp start(BillingStreamsSettings config) {
        var topology = BillingTopology.build(config.deployment(), config.dunning(), config.payments(), config.portal());
        var layout = TopicLayout.of(config.deployment(), BillingTopology.topics());
        var app = StreamsApp.create(
                config.applicationId(),
                topology,
                config.streamsProperties(),
                new TopicRequirements(layout.names(), layout::problems));
        log.info(
                "event=streams_starting applicationId={} bootstrapServers={} stateDir={} threads={} commitIntervalMs={}"
                        + " paymentExpiry={}",
                config.applicationId(),
                config.bootstrapServers(),
                config.stateDir(),
                config.streamThreads(),
                config.commitInterval().toMillis(),
                config.payments().expiry());
        app.deadLettersTo(Topics.STREAMS_DEAD_LETTERS.name(config.deployment()));
        app.startWhenTopicsExist();
        return app;
    }

    /**
     * billing-streams as its own process, configured by the environment ({@link BillingStreamsSettings#fromEnv()}),
     * with its management port on {@code BILLING_MANAGEMENT_PORT} ({@value #MANAGEMENT_PORT} by default).
     */
    public static void main(String[] args) {
        StreamsProcess.run("billing-streams", MANAGEMENT_PORT, () -> start(BillingStreamsSettings.fromEnv()));
    }
}
