package io.abk.billing.bench.usage;

import io.abk.billing.bench.api.StackApi;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Usage events of one merchant's customers, each worth 1: straight onto {@code billing.meter-events} as a producer
 * inside the cluster would write them, or through {@code POST /v1/meter_events/batch} as a merchant's servers would.
 * Event {@code i} belongs to customer {@code i % customers}; every 20th send repeats an earlier event's identifier
 * (a retry), so 1 in 20 sends must not be counted.
 */
public final class MeterEventLoad {

    /** One send in this many is a retry of an earlier event. */
    public static final int RETRY_EVERY = 20;

    /** The batch route's largest batch. */
    public static final int BATCH = 1_000;

    private final String merchantId;
    private final String eventName;
    private final IntFunction<String> wallets;
    private final int customers;

    public MeterEventLoad(String merchantId, String eventName, IntFunction<String> wallets, int customers) {
        this.merchantId = merchantId;
        this.eventName = eventName;
        this.wallets = wallets;
        this.customers = customers;
    }

    /** What a topic run sent: distinct events, and sends in all (retries included). */
    public record Sent(long events, long sends) {}

    /**
     * Produces {@code events} distinct events, their identifiers numbered from {@code firstIdentifier} (and a retry of
     * an earlier one of them every {@value #RETRY_EVERY} sends), and returns once the broker has them all.
     */
    public Sent produce(String bootstrap, long firstIdentifier, int events) {
        var props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024);
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        var topic = Topics.METER_EVENTS;
        var customerKeys = new String[customers];
        var customerIds = new String[customers];
        for (int c = 0; c < customers; c++) {
            customerIds[c] = CustomerIds.of(merchantId, "test", wallets.apply(c));
            customerKeys[c] = MeterEvents.key(merchantId, "test", customerIds[c]);
        }
        long sends = 0;
        try (var producer = new KafkaProducer<>(
                props, topic.keySerde().serializer(), topic.valueSerde().serializer())) {
            var name = topic.name(Deployment.DEFAULT);
            for (int i = 0; i < events; i++) {
                int customer = i % customers;
                producer.send(new ProducerRecord<>(
                        name, customerKeys[customer], event(customerIds[customer], firstIdentifier + i)));
                sends++;
                if (i % RETRY_EVERY == RETRY_EVERY - 1) {
                    // a retry of an event sent a moment ago, to the same customer
                    int earlier = i - customers;
                    if (earlier >= 0) {
                        producer.send(new ProducerRecord<>(
                                name, customerKeys[customer], event(customerIds[customer], firstIdentifier + earlier)));
                        sends++;
                    }
                }
            }
            producer.flush();
        }
        return new Sent(events, sends);
    }

    private MeterEvent event(String customerId, long i) {
        var now = Instant.now();
        return MeterEvent.newBuilder()
                .setMerchantId(merchantId)
                .setMode(Mode.TEST)
                .setCustomerId(customerId)
                .setEventName(eventName)
                .setIdentifier("bench-" + i)
                .setTimestamp(now)
                .setValue(1)
                .setReceivedAt(now)
                .build();
    }

    /** What a batch run did: events accepted (202), batches refused or failed, and each batch's round trip. */
    public record Batched(long accepted, long failedBatches, Histogram latenciesMicros, Duration took) {}

    /**
     * {@code clients} closed loops, each posting batches of {@value #BATCH} events with the merchant's test key for
     * {@code duration}; identifiers start at {@code firstIdentifier} so they never repeat a topic run's.
     */
    public Batched batches(StackApi api, String testKey, int clients, Duration duration, long firstIdentifier) {
        var next = new AtomicLong(firstIdentifier);
        var accepted = new AtomicLong();
        var failed = new AtomicLong();
        var latencies = new Histogram(3);
        long started = System.nanoTime();
        long until = started + duration.toNanos();
        var threads = new ArrayList<Thread>();
        for (int c = 0; c < clients; c++) {
            threads.add(Thread.ofPlatform().name("bench-meter-batch-" + c).start(() -> {
                while (System.nanoTime() < until) {
                    long first = next.getAndAdd(BATCH);
                    var body = Map.of("events", batch(first));
                    long sent = System.nanoTime();
                    var reply = api.post("/v1/meter_events/batch", testKey, body);
                    long micros = (System.nanoTime() - sent) / 1_000;
                    if (reply.status() == 202) {
                        accepted.addAndGet(BATCH);
                        synchronized (latencies) {
                            latencies.recordValue(micros);
                        }
                    } else {
                        failed.incrementAndGet();
                        System.out.printf("bench: usage: a batch answered %d: %s%n", reply.status(), reply.body());
                    }
                }
            }));
        }
        for (var thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the batches ran", e);
            }
        }
        return new Batched(accepted.get(), failed.get(), latencies, Duration.ofNanos(System.nanoTime() - started));
    }

    private List<Map<String, Object>> batch(long first) {
        var events = new ArrayList<Map<String, Object>>(BATCH);
        for (long i = first; i < first + BATCH; i++) {
            var event = new LinkedHashMap<String, Object>();
            event.put("eventName", eventName);
            event.put("identifier", "bench-" + i);
            event.put("customerWallet", wallets.apply((int) (i % customers)));
            event.put("value", 1);
            events.add(event);
        }
        return events;
    }
}
