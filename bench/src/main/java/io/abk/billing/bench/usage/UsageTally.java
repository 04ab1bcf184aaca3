package io.abk.billing.bench.usage;

import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * What the usage processor has counted for one merchant's subscriptions, read from {@code billing.usage-summaries}
 * from its start: the latest summary of each subscription, and the events their open periods counted. A summary is
 * written about once a second per subscription while events arrive, so the tally trails the processor by that much.
 */
public final class UsageTally implements AutoCloseable {

    private final String merchantId;
    private final KafkaConsumer<String, UsageSummary> consumer;
    private final Map<String, Long> eventsBySubscription = new HashMap<>();
    private long events;

    public UsageTally(String bootstrap, String merchantId) {
        this.merchantId = merchantId;
        var props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "bench-usage-tally");
        var topic = Topics.USAGE_SUMMARIES;
        consumer = new KafkaConsumer<>(
                props, topic.keySerde().deserializer(), topic.valueSerde().deserializer());
        var partitions = consumer.partitionsFor(topic.name(Deployment.DEFAULT), Duration.ofSeconds(30)).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** Reads what arrived within {@code wait}. */
    public void poll(Duration wait) {
        for (var record : consumer.poll(wait)) {
            var summary = record.value();
            if (summary == null || !summary.getMerchantId().equals(merchantId)) {
                continue;
            }
            long counted = summary.getItems().stream()
                    .mapToLong(item -> item.getEventCount())
                    .sum();
            var before = eventsBySubscription.put(summary.getSubscriptionId(), counted);
            events += counted - (before == null ? 0 : before);
        }
    }

    /** Subscriptions with a summary: those the processor tracks. */
    public int subscriptions() {
        return eventsBySubscription.size();
    }

    /** Events counted in the open periods of the merchant's subscriptions, as last summarised. */
    public long events() {
        return events;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
