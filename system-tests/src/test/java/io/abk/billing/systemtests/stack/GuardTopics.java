package io.abk.billing.systemtests.stack;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What the pipeline wrote while a guard test acted: one long-lived consumer (read_committed, no group) over the
 * command, change, event and chain-request topics, so a table of a hundred requests can check each one's trace
 * without a new consumer per look. {@link #mark()} takes the end offsets; {@link #since} reads everything
 * committed after them, decoded with each topic's own serde. Single-threaded, like the tests that use it.
 */
final class GuardTopics implements AutoCloseable {

    private static final Duration READ_LIMIT = Duration.ofSeconds(30);
    private static final List<Topic<String, ?>> WATCHED =
            List.of(Topics.SUBSCRIPTION_COMMANDS, Topics.CHANGES, Topics.EVENTS, Topics.CHAIN_REQUESTS);

    /** End offsets of every partition of the watched topics at one moment. */
    record Mark(Map<TopicPartition, Long> offsets) {}

    /** The records committed after a {@link Mark}, per topic, in offset order within each partition. */
    record Since(
            List<SubscriptionCommand> commands,
            List<Change> changes,
            List<BillingEvent> events,
            List<ChainRequest> chainRequests) {

        List<SubscriptionCommand> commandsOf(String subscriptionId) {
            return keep(commands, command -> command.getSubscriptionId().equals(subscriptionId));
        }

        List<SubscriptionCommand> commandsOfMerchant(String merchantId) {
            return keep(commands, command -> command.getMerchantId().equals(merchantId));
        }

        List<Change> changesOf(String aggregateId) {
            return keep(changes, change -> change.getAggregateId().equals(aggregateId));
        }

        List<Change> changesOfMerchant(String merchantId) {
            return keep(changes, change -> change.getMerchantId().equals(merchantId));
        }

        List<BillingEvent> eventsOf(String aggregateId) {
            return keep(events, event -> event.getAggregateId().equals(aggregateId));
        }

        List<BillingEvent> eventsOfMerchant(String merchantId) {
            return keep(events, event -> event.getMerchantId().equals(merchantId));
        }

        /** The charges of an invoice (a payment's request names no invoice: its invoice id is null). */
        List<ChainRequest> chainRequestsOf(String invoiceId) {
            return keep(chainRequests, request -> invoiceId.equals(request.getInvoiceId()));
        }

        private static <T> List<T> keep(List<T> values, Predicate<T> filter) {
            return values.stream().filter(filter).toList();
        }
    }

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final List<TopicPartition> partitions = new ArrayList<>();

    GuardTopics(String bootstrapServers) {
        consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                        5_000),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        for (var topic : WATCHED) {
            consumer.partitionsFor(topic.name(Deployment.DEFAULT))
                    .forEach(info ->
                            partitions.add(new TopicPartition(topic.name(Deployment.DEFAULT), info.partition())));
        }
        consumer.assign(partitions);
    }

    Mark mark() {
        return new Mark(Map.copyOf(consumer.endOffsets(partitions)));
    }

    /** Everything committed from {@code mark} up to the end offsets of now. */
    Since since(Mark mark) {
        mark.offsets().forEach(consumer::seek);
        var end = consumer.endOffsets(partitions);
        var commands = new ArrayList<SubscriptionCommand>();
        var changes = new ArrayList<Change>();
        var events = new ArrayList<BillingEvent>();
        var chainRequests = new ArrayList<ChainRequest>();
        var deadline = System.nanoTime() + READ_LIMIT.toNanos();
        while (partitions.stream().anyMatch(partition -> consumer.position(partition) < end.get(partition))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "could not read the watched topics up to " + end + " within " + READ_LIMIT.toSeconds() + " s");
            }
            for (var record : consumer.poll(Duration.ofMillis(200))) {
                var topic = record.topic();
                // The invoice numbering's FinalizeInvoice (and what it makes) follows each invoice a moment later by
                // itself, whatever request came next: it is not what a request caused.
                if (topic.equals(Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT))) {
                    var command = decode(Topics.SUBSCRIPTION_COMMANDS, record.value());
                    if (!Subscriptions.isFinalization(command)) {
                        commands.add(command);
                    }
                } else if (topic.equals(Topics.CHANGES.name(Deployment.DEFAULT))) {
                    var change = decode(Topics.CHANGES, record.value());
                    if (!Subscriptions.isFinalization(change)) {
                        changes.add(change);
                    }
                } else if (topic.equals(Topics.EVENTS.name(Deployment.DEFAULT))) {
                    var event = decode(Topics.EVENTS, record.value());
                    if (!event.getType().equals("invoice.finalized")) {
                        events.add(event);
                    }
                } else {
                    chainRequests.add(decode(Topics.CHAIN_REQUESTS, record.value()));
                }
            }
        }
        return new Since(List.copyOf(commands), List.copyOf(changes), List.copyOf(events), List.copyOf(chainRequests));
    }

    private static <V> V decode(Topic<String, V> topic, byte[] value) {
        return topic.valueSerde().deserializer().deserialize(topic.name(Deployment.DEFAULT), value);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
