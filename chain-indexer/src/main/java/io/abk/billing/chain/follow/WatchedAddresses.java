package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.settlement.Mode;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The addresses the followers watch, per mode: {@code chain.watched-addresses} read from the beginning by a
 * background consumer (the topic is compacted and small; no consumer group, nothing committed) into concurrent
 * sets. {@link #awaitLoaded} returns once everything present at start has been read; later records keep arriving.
 */
public final class WatchedAddresses implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WatchedAddresses.class);
    /** How long to wait between looks when the topic does not exist yet. */
    private static final Duration TOPIC_RETRY = Duration.ofSeconds(1);
    /** How long {@link #close()} waits for the reading thread; a poll is cut short by the wake-up. */
    static final Duration CLOSE_PATIENCE = Duration.ofSeconds(10);

    private final Map<Mode, Set<String>> byMode = new EnumMap<>(Mode.class);
    private final CountDownLatch loaded = new CountDownLatch(1);
    private final KafkaConsumer<String, WatchedAddress> consumer;
    private final Thread thread;
    private volatile boolean running = true;

    private WatchedAddresses(String bootstrapServers, String clientId) {
        for (var mode : Mode.values()) {
            byMode.put(mode, ConcurrentHashMap.newKeySet());
        }
        var topic = Topics.CHAIN_WATCHED_ADDRESSES;
        consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.CLIENT_ID_CONFIG, clientId,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                topic.keySerde().deserializer(), topic.valueSerde().deserializer());
        thread = Thread.ofPlatform().name(clientId).daemon().unstarted(this::run);
    }

    /** Starts reading in the background. */
    public static WatchedAddresses start(String bootstrapServers, String clientId) {
        var watched = new WatchedAddresses(bootstrapServers, clientId);
        watched.thread.start();
        return watched;
    }

    public boolean contains(Mode mode, String address) {
        return byMode.get(mode).contains(address.toLowerCase(Locale.ROOT));
    }

    /** Membership for one mode's addresses (lower-case in). */
    public Predicate<String> of(Mode mode) {
        var set = byMode.get(mode);
        return set::contains;
    }

    /** Whether everything on the topic when reading began has been read, waiting up to {@code timeout}. */
    public boolean awaitLoaded(Duration timeout) throws InterruptedException {
        return loaded.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void run() {
        try {
            var partitions = partitions();
            if (partitions.isEmpty()) {
                return;
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions);
            int count = 0;
            while (running) {
                for (var record : consumer.poll(Duration.ofMillis(500))) {
                    apply(record.key(), record.value());
                    count++;
                }
                if (loaded.getCount() > 0 && partitions.stream().allMatch(p -> consumer.position(p) >= ends.get(p))) {
                    loaded.countDown();
                    log.info("event=watched_addresses_loaded records={} test={} live={}", count,
                            byMode.get(Mode.TEST).size(), byMode.get(Mode.LIVE).size());
                }
            }
        } catch (WakeupException | InterruptedException e) {
            // close() woke the poll up
        } catch (RuntimeException e) {
            log.error("event=watched_addresses_failed error={}", e.toString(), e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private List<TopicPartition> partitions() throws InterruptedException {
        var name = Topics.CHAIN_WATCHED_ADDRESSES.name();
        while (running) {
            var infos = consumer.partitionsFor(name);
            if (infos != null && !infos.isEmpty()) {
                return infos.stream().map(info -> new TopicPartition(name, info.partition())).toList();
            }
            log.warn("event=watched_addresses_topic_missing topic={} retryMs={}", name, TOPIC_RETRY.toMillis());
            Thread.sleep(TOPIC_RETRY);
        }
        return List.of();
    }

    /** Keyed {@code <mode>:<address>}; a tombstone stops watching the address. */
    private void apply(String key, WatchedAddress value) {
        if (value != null) {
            byMode.get(Mode.valueOf(value.getMode().name())).add(value.getAddress().toLowerCase(Locale.ROOT));
            return;
        }
        int colon = key.indexOf(':');
        if (colon > 0) {
            var address = key.substring(colon + 1).toLowerCase(Locale.ROOT);
            switch (key.substring(0, colon).toLowerCase(Locale.ROOT)) {
                case "test" -> byMode.get(Mode.TEST).remove(address);
                case "live" -> byMode.get(Mode.LIVE).remove(address);
                default -> log.warn("event=watched_address_key_unreadable key={}", key);
            }
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(CLOSE_PATIENCE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
