package io.abk.billing.webhooks.config;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The settings of the sender's producers of deliveries: fan-out's, which queues them, and the delivery loops',
 * which forward failed ones to the retry topics. Both send many deliveries at once and wait for all of them.
 */
public final class DeliveryProducers {

    private DeliveryProducers() {}

    /** An idempotent producer's settings, named {@code clientId}, with the batching that suits many deliveries. */
    public static Map<String, Object> configs(
            SenderProperties properties, KafkaClientSecurity security, String clientId) {
        return security.with(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                properties.kafka().bootstrapServers(),
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                // A short linger packs a batch of deliveries sent at once.
                ProducerConfig.LINGER_MS_CONFIG,
                5,
                // A fan-out batch is up to 500 deliveries of ~1.5 KB each: 16 KB producer batches made its sends wait
                // on dozens of round trips (300-400 ms a batch, measured); larger, compressed batches take a few. After
                // an outage many deliveries fail at once and are forwarded together, likewise.
                ProducerConfig.BATCH_SIZE_CONFIG,
                256 * 1024,
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                "lz4",
                ProducerConfig.CLIENT_ID_CONFIG,
                clientId));
    }
}
