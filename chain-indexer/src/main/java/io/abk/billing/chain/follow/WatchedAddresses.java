package io.abk.billing.chain.follow;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The addresses the followers watch: per mode, the payout addresses of {@code chain.watched-addresses}; and, for a
 * follower of USDT, the pay-to addresses of {@code usdt.watched-addresses} with the chain and token each is watched
 * on. Both topics are compacted and small, read from the beginning by one background consumer (no consumer group,
 * nothing committed) into concurrent maps. {@link #awaitLoaded} returns once everything present at start has been
 * read; later records keep arriving.
 */
public final class WatchedAddresses implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WatchedAddresses.class);
    /** How long to wait between looks when a topic does not exist yet. */
    private static final Duration TOPIC_RETRY = Duration.ofSeconds(1);
    /** How long {@link #close()} waits for the reading thread; a poll is cut short by the wake-up. */
    static final Duration CLOSE_PATIENCE = Duration.ofSeconds(10);

    private static final Deserializer<WatchedAddress> PAYOUTS =
            Topics.CHAIN_WATCHED_ADDRESSES.valueSerde().deserializer();
    private static final Deserializer<UsdtWatchedAddress> USDT_PAY_TO =
            Topics.USDT_WATCHED_ADDRESSES.valueSerde().deserializer();

    private final Map<Mode, Set<String>> byMode = new EnumMap<>(Mode.class);
    /** Pay-to address -> the chain and USDT token it is watched on; a tombstone removes it. */
    private final Map<String, UsdtWatch> usdt = new ConcurrentHashMap<>();

    private final List<String> topics;
    /** {@code usdt.watched-addresses} as the deployment names it. */
    private final String usdtTopic;

    private final CountDownLatch loaded = new CountDownLatch(1);
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private volatile boolean running = true;

    private WatchedAddresses(
            String bootstrapServers,
            KafkaClientSecurity security,
            Deployment deployment,
            String clientId,
            boolean withUsdt) {
        for (var mode : Mode.values()) {
            byMode.put(mode, ConcurrentHashMap.newKeySet());
        }
        usdtTopic = Topics.USDT_WATCHED_ADDRESSES.name(deployment);
        var payouts = Topics.CHAIN_WATCHED_ADDRESSES.name(deployment);
        topics = withUsdt ? List.of(payouts, usdtTopic) : List.of(payouts);
        consumer = new KafkaConsumer<>(
                security.with(Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.CLIENT_ID_CONFIG,
                        clientId,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false)),
                new StringDeserializer(),
                new ByteArrayDeserializer());
        thread = Thread.ofPlatform().name(clientId).daemon().unstarted(this::run);
    }

    /** Starts reading {@code chain.watched-addresses} in the background. */
    public static WatchedAddresses start(String bootstrapServers, String clientId) {
        return start(bootstrapServers, clientId, false);
    }

    /** Starts reading in the background; with {@code withUsdt}, {@code usdt.watched-addresses} too. */
    public static WatchedAddresses start(String bootstrapServers, String clientId, boolean withUsdt) {
        return start(bootstrapServers, KafkaClientSecurity.PLAINTEXT, Deployment.DEFAULT, clientId, withUsdt);
    }

    /**
     * As {@link #start(String, String, boolean)}, connecting with {@code security} and reading {@code deployment}'s
     * topics.
     */
    public static WatchedAddresses start(
            String bootstrapServers,
            KafkaClientSecurity security,
            Deployment deployment,
            String clientId,
            boolean withUsdt) {
        var watched = new WatchedAddresses(bootstrapServers, security, deployment, clientId, withUsdt);
        watched.thread.start();
        return watched;
    }

    /** The topics read, for messages. */
    public List<String> topics() {
        return topics;
    }

    public boolean contains(Mode mode, String address) {
        return watched(mode).contains(address.toLowerCase(Locale.ROOT));
    }

    /** The live set of one mode's addresses: every mode has one from the start. */
    private Set<String> watched(Mode mode) {
        return Objects.requireNonNull(byMode.get(mode));
    }

    /** Membership for one mode's addresses (lower-case in). */
    public Predicate<String> of(Mode mode) {
        var set = watched(mode);
        return set::contains;
    }

    /**
     * Membership for the pay-to addresses the USDT verifier watches on chain {@code chainId} with USDT at
     * {@code tokenAddress} (lower-case in); an address watched for another chain or token is not one of them.
     */
    public Predicate<String> usdtPayTo(long chainId, String tokenAddress) {
        var token = tokenAddress.toLowerCase(Locale.ROOT);
        return address -> {
            var watch = usdt.get(address);
            return watch != null
                    && watch.chainId() == chainId
                    && watch.tokenAddress().equals(token);
        };
    }

    /** Whether everything on the topics when reading began has been read, waiting up to {@code timeout}. */
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
                    apply(record);
                    count++;
                }
                if (loaded.getCount() > 0
                        && partitions.stream().allMatch(p -> consumer.position(p) >= ends.getOrDefault(p, 0L))) {
                    loaded.countDown();
                    log.info(
                            "event=watched_addresses_loaded records={} test={} live={} usdt={}",
                            count,
                            watched(Mode.TEST).size(),
                            watched(Mode.LIVE).size(),
                            usdt.size());
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

    /** Every partition of the topics, once each exists. */
    private List<TopicPartition> partitions() throws InterruptedException {
        var all = new ArrayList<TopicPartition>();
        for (var name : topics) {
            while (running) {
                var infos = consumer.partitionsFor(name);
                if (infos != null && !infos.isEmpty()) {
                    infos.forEach(info -> all.add(new TopicPartition(name, info.partition())));
                    break;
                }
                log.warn("event=watched_addresses_topic_missing topic={} retryMs={}", name, TOPIC_RETRY.toMillis());
                Thread.sleep(TOPIC_RETRY);
            }
        }
        return running ? all : List.of();
    }

    /** Each topic's values in its own Avro type; a null value is a tombstone. */
    private void apply(ConsumerRecord<String, byte[]> record) {
        var bytes = record.value();
        if (record.topic().equals(usdtTopic)) {
            applyUsdt(record.key(), bytes == null ? null : USDT_PAY_TO.deserialize(record.topic(), bytes));
        } else {
            applyPayout(record.key(), bytes == null ? null : PAYOUTS.deserialize(record.topic(), bytes));
        }
    }

    /** Keyed {@code <mode>:<address>}; a tombstone stops watching the address. */
    private void applyPayout(String key, @Nullable WatchedAddress value) {
        if (value != null) {
            watched(ModeMapper.toDomain(value.getMode())).add(value.getAddress().toLowerCase(Locale.ROOT));
            return;
        }
        int colon = key.indexOf(':');
        if (colon > 0) {
            var address = key.substring(colon + 1).toLowerCase(Locale.ROOT);
            switch (key.substring(0, colon).toLowerCase(Locale.ROOT)) {
                case "test" -> watched(Mode.TEST).remove(address);
                case "live" -> watched(Mode.LIVE).remove(address);
                default -> log.warn("event=watched_address_key_unreadable key={}", key);
            }
        }
    }

    /** Keyed by the address; a tombstone (no open intent is left) stops watching it. */
    private void applyUsdt(String key, @Nullable UsdtWatchedAddress value) {
        var address = key.toLowerCase(Locale.ROOT);
        if (value == null) {
            usdt.remove(address);
        } else {
            usdt.put(
                    address,
                    new UsdtWatch(value.getChainId(), value.getTokenAddress().toLowerCase(Locale.ROOT)));
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

    /** Where a pay-to address is watched: the chain and the USDT token. */
    private record UsdtWatch(long chainId, String tokenAddress) {}
}
