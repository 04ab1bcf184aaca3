package io.abk.billing.usdt.command;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads every partition of usdt.command-outcomes from its end, read_committed, without a consumer group (each
 * replica needs all of it), and hands what arrives to the {@link OutcomeWaiters}. Commands are only sent once it is
 * positioned ({@link #isReady()}), so no outcome of a command this replica sent can be before its start.
 */
public final class OutcomeFeed implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OutcomeFeed.class);
    /** How long an idle fetch waits at the broker: short, since a request waits for the next outcome. */
    private static final String FETCH_MAX_WAIT_MS = "20";

    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration TOPIC_RECHECK = Duration.ofSeconds(1);
    /** How long one look for a partition's end may take before the positioning starts again. */
    private static final Duration POSITION_PATIENCE = Duration.ofSeconds(10);

    private final KafkaConsumer<String, UsdtCommandOutcome> consumer;
    /** {@code usdt.command-outcomes} as the deployment names it. */
    private final String topic;

    private final OutcomeWaiters waiters;
    private final Thread thread;
    private final CountDownLatch positioned = new CountDownLatch(1);
    private volatile boolean running = true;

    private OutcomeFeed(KafkaConsumer<String, UsdtCommandOutcome> consumer, String topic, OutcomeWaiters waiters) {
        this.consumer = consumer;
        this.topic = topic;
        this.waiters = waiters;
        this.thread = new Thread(this::run, "usdt-outcome-feed");
        this.thread.setDaemon(true);
    }

    /** Reads {@code deployment}'s outcomes as {@code clientId}. */
    public static OutcomeFeed start(
            String bootstrapServers,
            KafkaClientSecurity security,
            Deployment deployment,
            String clientId,
            OutcomeWaiters waiters) {
        var topic = Topics.USDT_COMMAND_OUTCOMES;
        var consumer = new KafkaConsumer<>(
                security.with(Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                        ConsumerConfig.CLIENT_ID_CONFIG, clientId,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, FETCH_MAX_WAIT_MS)),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
        var feed = new OutcomeFeed(consumer, topic.name(deployment), waiters);
        feed.thread.start();
        return feed;
    }

    /** Positioned at the end of every partition: outcomes of commands sent from now on will be seen. */
    public boolean isReady() {
        return positioned.getCount() == 0;
    }

    public boolean awaitReady(Duration timeout) throws InterruptedException {
        return positioned.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void run() {
        try {
            if (!position(topic)) {
                return;
            }
            positioned.countDown();
            while (running) {
                var records = poll();
                if (!records.isEmpty()) {
                    var outcomes = new ArrayList<UsdtCommandOutcome>(records.count());
                    records.forEach(record -> {
                        if (record.value() != null) {
                            outcomes.add(record.value());
                        }
                    });
                    waiters.arrived(outcomes);
                }
            }
        } catch (WakeupException e) {
            // close() asked it to stop.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error("event=outcome_feed_failed topic={}", topic, e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    /**
     * Assigns every partition of the topic and takes its end, trying again until it succeeds or the feed closes: a
     * missing topic, or a broker that is slow or not there yet (a metadata or offset request timing out), only
     * delays readiness. Returns whether it is positioned.
     */
    private boolean position(String topic) throws InterruptedException {
        while (running) {
            try {
                var partitions = consumer.partitionsFor(topic, TOPIC_RECHECK).stream()
                        .map(p -> new TopicPartition(topic, p.partition()))
                        .toList();
                if (partitions.isEmpty()) {
                    log.warn(
                            "event=outcome_feed_waiting topic={} message=\"topic missing: run the topics step\"",
                            topic);
                    Thread.sleep(TOPIC_RECHECK);
                    continue;
                }
                consumer.assign(partitions);
                consumer.seekToEnd(partitions);
                partitions.forEach(p -> consumer.position(p, POSITION_PATIENCE));
                log.info("event=outcome_feed_ready topic={} partitions={}", topic, partitions.size());
                return true;
            } catch (TimeoutException e) {
                log.warn(
                        "event=outcome_feed_waiting topic={} message=\"Kafka did not answer in time, trying again\" cause=\"{}\"",
                        topic,
                        e.getMessage());
            }
        }
        return false;
    }

    /** One poll; a record that cannot be read (a bug upstream) is logged and skipped, never stalls the feed. */
    private ConsumerRecords<String, UsdtCommandOutcome> poll() {
        try {
            return consumer.poll(POLL);
        } catch (RecordDeserializationException e) {
            log.error(
                    "event=outcome_unreadable topic={} partition={} offset={}",
                    e.topicPartition().topic(),
                    e.topicPartition().partition(),
                    e.offset(),
                    e);
            consumer.seek(e.topicPartition(), e.offset() + 1);
            return ConsumerRecords.empty();
        }
    }

    public boolean isAlive() {
        return thread.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(Duration.ofSeconds(10).toMillis());
    }
}
