package io.abk.billing.scheduler.topology;

import io.abk.billing.scheduler.RenewalSchedulerSettings;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

/**
 * The production topology with the production Streams settings in a TopologyTestDriver whose wall clock the test
 * moves: changes and test clocks in, commands out on the three command topics.
 */
final class SchedulerDriver implements AutoCloseable {

    static final Instant WALL_CLOCK = Instant.parse("2026-01-31T10:00:00Z");
    static final Duration TICK = RenewalSchedulerSettings.DEFAULT_TICK;
    static final DuePolicy RENEWALS_ONLY = new DuePolicy(Duration.ZERO);

    final TopologyTestDriver driver;
    final TestInputTopic<String, Change> changes;
    final TestInputTopic<String, TestClock> clocks;
    final TestOutputTopic<String, SubscriptionCommand> subscriptionCommands;
    final TestOutputTopic<String, PaymentCommand> paymentCommands;
    final TestOutputTopic<String, PaymentLinkCommand> linkCommands;
    private Duration elapsed = Duration.ZERO;

    SchedulerDriver(Path stateDir) {
        this(stateDir, SchedulerTopology.FIRES_PER_TICK);
    }

    SchedulerDriver(Path stateDir, int firesPerTick) {
        this(stateDir, firesPerTick, RENEWALS_ONLY);
    }

    /** With {@code policy}; the other constructors leave the funding check out (their tests follow renewals). */
    SchedulerDriver(Path stateDir, int firesPerTick, DuePolicy policy) {
        var props = RenewalSchedulerSettings.defaults("unused:9092", stateDir).streamsProperties();
        driver = new TopologyTestDriver(
                SchedulerTopology.build(Deployment.DEFAULT, TICK, firesPerTick, policy, props), props, WALL_CLOCK);
        changes = input(Topics.CHANGES);
        clocks = input(Topics.TEST_CLOCKS);
        subscriptionCommands = output(Topics.SUBSCRIPTION_COMMANDS);
        paymentCommands = output(Topics.PAYMENT_COMMANDS);
        linkCommands = output(Topics.PAYMENT_LINK_COMMANDS);
    }

    /** The wall clock as the punctuator sees it. */
    Instant now() {
        return WALL_CLOCK.plus(elapsed);
    }

    /**
     * Moves the wall clock to {@code instant}: the punctuator runs once there (the driver, like a stream thread
     * that was busy, runs one punctuation for a jump, not one per missed tick).
     */
    void advanceTo(Instant instant) {
        var by = Duration.between(now(), instant);
        if (by.isNegative()) {
            throw new IllegalArgumentException("the wall clock cannot go back");
        }
        elapsed = elapsed.plus(by);
        driver.advanceWallClockTime(by);
    }

    /** One more tick of wall-clock time: the punctuator runs once. */
    void tick() {
        elapsed = elapsed.plus(TICK);
        driver.advanceWallClockTime(TICK);
    }

    private <V> TestInputTopic<String, V> input(Topic<String, V> topic) {
        return driver.createInputTopic(
                topic.name(Deployment.DEFAULT),
                new StringSerializer(),
                topic.valueSerde().serializer(),
                WALL_CLOCK,
                Duration.ZERO);
    }

    private <V> TestOutputTopic<String, V> output(Topic<String, V> topic) {
        return driver.createOutputTopic(
                topic.name(Deployment.DEFAULT),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    @Override
    public void close() {
        driver.close();
    }
}
