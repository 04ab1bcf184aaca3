package io.abk.billing.webhooks.testkit;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Utils;
import org.springframework.jdbc.core.JdbcTemplate;

/** Merchants and endpoints as rows (as the gateway writes them), and billing events as billing-streams writes them. */
public final class Fixtures {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String WALLET = "0x00000000000000000000000000000000000000aa";

    private Fixtures() {}

    public static String id(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 26);
    }

    public static String merchant(JdbcTemplate jdbc) {
        var id = id("mer");
        jdbc.update(
                "INSERT INTO merchants (id, name, created_at, updated_at) VALUES (?, ?, now(), now())",
                id,
                "Merchant " + id);
        return id;
    }

    /** An enabled endpoint of {@code merchantId} in {@code mode}; an empty {@code enabledEvents} means every type. */
    public static String endpoint(
            JdbcTemplate jdbc, String merchantId, Mode mode, String url, String... enabledEvents) {
        return endpoint(jdbc, id("we"), merchantId, mode, url, enabledEvents);
    }

    public static String endpoint(
            JdbcTemplate jdbc, String endpointId, String merchantId, Mode mode, String url, String... enabledEvents) {
        var secret = new byte[32];
        RANDOM.nextBytes(secret);
        jdbc.update(
                """
                INSERT INTO webhook_endpoints (id, merchant_id, mode, url, enabled_events, secret, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, now(), now())""",
                endpointId,
                merchantId,
                mode.name().toLowerCase(Locale.ROOT),
                url,
                enabledEvents,
                "whsec_" + Base64.getEncoder().encodeToString(secret));
        return endpointId;
    }

    /** A new endpoint id that webhooks.deliveries puts on the same partition as {@code endpointId} (its key). */
    public static String endpointIdOnSamePartitionAs(String endpointId) {
        int partition = partition(endpointId);
        while (true) {
            var candidate = id("we");
            if (partition(candidate) == partition) {
                return candidate;
            }
        }
    }

    /** Kafka's default partitioner for a keyed record, over the test topics' partitions. */
    private static int partition(String key) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % SenderInfra.PARTITIONS;
    }

    public static BillingEvent event(String merchantId, Mode mode, String type) {
        var now = Instant.now();
        var subscriptionId = id("sub");
        var snapshot = SubscriptionSnapshot.newBuilder()
                .setId(subscriptionId)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setVersion(1)
                .setStatus("active")
                .setAmountMicros(9_990_000)
                .setInterval("month")
                .setWalletAddress(WALLET)
                .setPayoutAddress(WALLET)
                .setMerchantRef("ref")
                .setCurrentPeriodStart(now)
                .setCurrentPeriodEnd(now.plusSeconds(86_400 * 30))
                .setBillingCycleAnchor(now)
                .setCancelAtPeriodEnd(false)
                .setMandateStatus("active")
                .setCreatedAt(now)
                .build();
        return BillingEvent.newBuilder()
                .setEventId(id("evt"))
                .setType(type)
                .setCreatedAt(now)
                .setMerchantId(merchantId)
                .setMode(mode)
                .setAggregateId(subscriptionId)
                .setCommandId(null)
                .setData(EventData.newBuilder().setSubscription(snapshot).build())
                .build();
    }

    public static List<BillingEvent> events(int count, String merchantId, Mode mode, String type) {
        var events = new ArrayList<BillingEvent>(count);
        for (int i = 0; i < count; i++) {
            events.add(event(merchantId, mode, type));
        }
        return events;
    }

    /** Produces {@code events} onto billing.events (keyed by aggregate id, as billing-streams does) and waits for the acks. */
    public static void produce(String bootstrapServers, List<BillingEvent> events) {
        try (var producer = new KafkaProducer<>(
                java.util.Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                        ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.LINGER_MS_CONFIG, 5,
                        // Kafka's own defaults: on a machine running other suites beside this one, a fresh topic's
                        // partition once took longer than 30 s to take a batch.
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000),
                Topics.EVENTS.keySerde().serializer(),
                Topics.EVENTS.valueSerde().serializer())) {
            var sends = new ArrayList<Future<?>>();
            for (var event : events) {
                sends.add(producer.send(
                        new ProducerRecord<>(Topics.EVENTS.name(Deployment.DEFAULT), event.getAggregateId(), event)));
            }
            for (var send : sends) {
                send.get(2, TimeUnit.MINUTES);
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot produce events", e);
        }
    }

    public static Timestamp ago(long seconds) {
        return Timestamp.from(Instant.now().minusSeconds(seconds));
    }
}
