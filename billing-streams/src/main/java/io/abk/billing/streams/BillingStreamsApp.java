package io.abk.billing.streams;

import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.topology.BillingTopology;
import io.abk.billing.streams.usage.UsageSettings;
import io.abk.billing.streams.usage.UsageStateMove;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.streamskit.lifecycle.StreamsProcess;
import io.abk.billing.streamskit.lifecycle.TopicRequirements;
import io.abk.billing.topics.TopicLayout;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the billing topologies. {@link #start} returns at once with the running {@link StreamsApp}: Kafka Streams
 * starts in the background as soon as every topic of the topology exists (the app creates none), and closing
 * leaves the consumer group and keeps the local state; see {@link StreamsApp} for the whole lifecycle.
 *
 * <p>Two applications run in the one service: the aggregates and the invoice numbering
 * ({@link BillingTopology#build}, committing every 30 ms, since an API request waits for their output), and the usage
 * processor ({@link BillingTopology#usage}, committing every second, since nothing waits for a meter event's output
 * and a commit is most of what it would spend per event). Each application is its own consumer group and has its own
 * stream threads; the usage one is {@linkplain StreamsApp#include included} in the aggregates' app, so the service
 * starts, reports, fails and stops as one.
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
        var usageLayout = TopicLayout.of(config.deployment(), BillingTopology.usageTopics());
        // A deployment whose usage processor ran in the aggregates' application moves its state first.
        var move = UsageStateMove.of(
                config.applicationId(),
                config.usageApplicationId(),
                Set.of(Topics.METER_EVENTS.name(config.deployment()), Topics.USAGE_COMMANDS.name(config.deployment())),
                config.bootstrapServers(),
                config.kafkaSecurity());
        var usage = StreamsApp.create(
                config.usageApplicationId(),
                BillingTopology.usage(config.deployment(), UsageSettings.DEFAULT),
                config.usageStreamsProperties(),
                new TopicRequirements(usageLayout.names(), admin -> {
                    var problems = usageLayout.problems(admin);
                    return problems.isEmpty() ? move.problems(admin) : problems;
                }));
        log.info(
                "event=streams_starting applicationId={} usageApplicationId={} bootstrapServers={} stateDir={}"
                        + " threads={} commitIntervalMs={} usageCommitIntervalMs={} paymentExpiry={}",
                config.applicationId(),
                config.usageApplicationId(),
                config.bootstrapServers(),
                config.stateDir(),
                config.streamThreads(),
                config.commitInterval().toMillis(),
                config.usageCommitInterval().toMillis(),
                config.payments().expiry());
        var deadLetters = Topics.STREAMS_DEAD_LETTERS.name(config.deployment());
        app.deadLettersTo(deadLetters);
        usage.deadLettersTo(deadLetters);
        app.include(usage);
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
