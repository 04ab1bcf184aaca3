package io.abk.billing.examples.analytics;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Reads {@code billing.events} as an analytics job would: in its own consumer group, only committed events, at
 * least once, and prints one tab-separated row per event. Run it against a stack with
 * {@code java -jar examples/analytics-consumer/target/analytics-consumer-<version>-exec.jar [group]}
 * ({@code BILLING_KAFKA_BOOTSTRAP_SERVERS}, default the local stack's {@code localhost:19092}; {@code BILLING_DEPLOYMENT_ID},
 * empty by default: a deployment with an id writes {@code <id>.billing.events}, and the group is then
 * {@code <id>.<group>}, so a job reads one deployment and its group sits in that deployment's namespace).
 */
public final class BillingEventsConsumer implements AutoCloseable {

    private final KafkaConsumer<String, BillingEvent> consumer;

    /** A consumer in group {@code groupId} of {@code deployment}'s {@code billing.events}. */
    public BillingEventsConsumer(String bootstrapServers, Deployment deployment, String groupId) {
        // billing.events: keyed by aggregate id (so ordered per subscription, payment or link), BillingEvent values
        // in Avro single-object encoding; the schemas artifact's serde reads every released version.
        var events = Topics.EVENTS;
        consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        deployment.name(groupId),
                        // Events are written in billing-streams' transactions: never read one of an aborted
                        // transaction.
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        // A new group starts at the oldest event still kept (30 days by default).
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest",
                        // Offsets are committed after the events are handled: at least once, so dedupe by event id.
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                events.keySerde().deserializer(),
                events.valueSerde().deserializer());
        consumer.subscribe(List.of(events.name(deployment)));
    }

    /** Polls once, hands each event to {@code sink} (in order within each aggregate), then commits; returns how many. */
    public int poll(Duration timeout, Consumer<BillingEvent> sink) {
        var records = consumer.poll(timeout);
        for (var record : records) {
            sink.accept(record.value());
        }
        consumer.commitSync();
        return records.count();
    }

    /** Makes a {@link #poll} in progress, or the next one, end with a {@link WakeupException}; safe from any thread. */
    public void wakeup() {
        consumer.wakeup();
    }

    /** When, merchant, mode, type, resource, amount in USDC, and the event id (the key to dedupe on). */
    public static String row(BillingEvent event) {
        return String.join(
                "\t",
                event.getCreatedAt().toString(),
                event.getMerchantId(),
                event.getMode().name(),
                event.getType(),
                event.getAggregateId(),
                amount(event.getData()),
                event.getEventId());
    }

    /** The amount the event is about: a refund's, else the invoice's, payment's or subscription's; micro-USDC inside. */
    static String amount(EventData data) {
        Long micros = data.getRefundAmountMicros() != null
                ? data.getRefundAmountMicros()
                : data.getInvoice() != null
                        ? Long.valueOf(data.getInvoice().getAmountMicros())
                        : data.getPayment() != null
                                ? Long.valueOf(data.getPayment().getAmountMicros())
                                : data.getSubscription() != null
                                        ? Long.valueOf(data.getSubscription().getAmountMicros())
                                        : null;
        return micros == null ? "" : UsdcAmount.ofMicros(micros).toDecimal().toPlainString();
    }

    @Override
    public void close() {
        consumer.close();
    }

    public static void main(String[] args) {
        var bootstrapServers = System.getenv().getOrDefault("BILLING_KAFKA_BOOTSTRAP_SERVERS", "localhost:19092");
        var groupId = args.length > 0 ? args[0] : "analytics-example";
        Deployment deployment;
        try {
            deployment = Deployment.of(System.getenv(Deployment.VARIABLE));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        try (var consumer = new BillingEventsConsumer(bootstrapServers, deployment, groupId)) {
            var main = Thread.currentThread();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                consumer.wakeup();
                try {
                    main.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            while (true) {
                consumer.poll(Duration.ofSeconds(1), event -> System.out.println(row(event)));
            }
        } catch (WakeupException stopping) {
            // Ctrl-C: the last handled batch was committed; the consumer leaves its group as it closes.
        }
    }
}
