package io.abk.billing.streamskit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream thread that stands still past its transaction timeout with a transaction open, as one does in a process
 * stopped by a long GC pause or a frozen VM, on a real broker: the transaction coordinator aborts that transaction
 * meanwhile, and the thread's next commit is refused with {@code InvalidTxnStateException}, which reaches the app's
 * uncaught-exception handler. The stall is a punctuator that waits until the broker says it aborted the transaction
 * (the test watches through the admin client), so the outcome does not depend on timing.
 */
class StalledThreadIT {

    private static final String APP = "stall-test";
    private static final String IN = "stall.in";
    private static final String OUT = "stall.out";
    /** The producer's transaction timeout in this test: a second, so the coordinator aborts within one. */
    private static final int TRANSACTION_TIMEOUT_MS = 1_000;
    /** The broker looks for timed-out transactions this often (10 s by default). */
    private static final String ABORT_CHECK_MS = "200";
    /**
     * The replaced thread's old member stays in the group (Kafka Streams replaces a thread without leaving) until its
     * session expires, so a short session keeps the test short; the broker's floor is lowered to allow it.
     */
    private static final int SESSION_TIMEOUT_MS = 2_000;

    @TempDir
    Path dir;

    @Test
    void shouldReplaceTheThreadAndApplyEachRecordOnceWhenItsTransactionWasAbortedWhileItStoodStill() throws Exception {
        // Protects against a replica that dies after a pause: its commit got InvalidTxnStateException and the handler
        // shut the client down (state ERROR, the process exits with status 1).
        try (var broker = TestBroker.start(
                dir.resolve("kafka"),
                Map.of(
                        "transaction.abort.timed.out.transaction.cleanup.interval.ms",
                        ABORT_CHECK_MS,
                        "group.min.session.timeout.ms",
                        "1000"))) {
            broker.createTopics(List.of(new NewTopic(IN, 1, (short) 1), new NewTopic(OUT, 1, (short) 1)));
            var stall = new Stall();
            try (var app = StreamsApp.create(APP, topology(stall), props(broker), Set.of(IN, OUT))) {
                app.startWhenTopicsExist();
                await().atMost(Duration.ofSeconds(60)).until(app::isRunning);

                // given a thread that writes in a punctuation and then stands still with its transaction open
                stall.armed.set(true);
                assertThat(stall.entered.await(30, TimeUnit.SECONDS)).isTrue();
                // when the coordinator aborts that transaction on its timeout, and the thread goes on to commit it
                awaitAbortedByTheCoordinator(broker);
                stall.release.countDown();

                // then the app keeps running (its thread replaced) and applies what comes next exactly once
                await().atMost(Duration.ofSeconds(60))
                        .failFast("the app failed", () -> app.state() == KafkaStreams.State.ERROR)
                        .until(() -> app.isRunning() && stall.punctuatedSince.get());
                send(broker, "a", "b", "c");
                assertThat(readUntil(broker, 3)).containsExactly("a", "b", "c");
                assertThat(app.state()).isEqualTo(KafkaStreams.State.RUNNING);
            }
        }
    }

    private static void awaitAbortedByTheCoordinator(TestBroker broker) {
        try (var admin = broker.admin()) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> admin.listTransactions().all().get().stream()
                            .anyMatch(listing -> listing.transactionalId().startsWith(APP)
                                    && listing.state() == TransactionState.COMPLETE_ABORT));
        }
    }

    /**
     * The committed values of {@link #OUT} once there are {@code count}, and whatever came with them: a record of the
     * aborted transaction, or one applied twice, would be among them.
     */
    private static List<String> readUntil(TestBroker broker, int count) {
        var values = new ArrayList<String>();
        try (var consumer = ReadCommitted.fromStart(broker, OUT, new StringDeserializer(), new StringDeserializer())) {
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> values.add(record.value()));
                return values.size() >= count;
            });
            // Then up to the end: a duplicate committed after the last of them would show here.
            var end = consumer.endOffsets(consumer.assignment());
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(record -> values.add(record.value()));
                return end.entrySet().stream().allMatch(entry -> consumer.position(entry.getKey()) >= entry.getValue());
            });
        }
        return values;
    }

    private static void send(TestBroker broker, String... values) throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all");
        try (var producer = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (var value : values) {
                producer.send(new ProducerRecord<>(IN, value, value)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private java.util.Properties props(TestBroker broker) {
        var props = StreamsProperties.exactlyOnce(
                broker.bootstrapServers(),
                APP,
                dir.resolve("state"),
                Duration.ofMillis(50),
                KafkaClientSecurity.PLAINTEXT);
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(
                StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG),
                Integer.toString(TRANSACTION_TIMEOUT_MS));
        props.put(
                StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
                Integer.toString(SESSION_TIMEOUT_MS));
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), "500");
        // One instance: nothing to keep a standby of.
        props.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, "0");
        return props;
    }

    private static Topology topology(Stall stall) {
        return new Topology()
                .addSource("stall-source", IN)
                .addProcessor("stall-relay", () -> new Relay(stall), "stall-source")
                .addSink("stall-sink", OUT, "stall-relay");
    }

    /** What the test tells the punctuator, and what it hears back. */
    private static final class Stall {
        final AtomicBoolean armed = new AtomicBoolean();
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        /** A punctuation ran after the release: a thread processes the task again. */
        final AtomicBoolean punctuatedSince = new AtomicBoolean();
    }

    /** Relays each record; its punctuator writes one record and then stands still once, when armed. */
    private static final class Relay implements Processor<String, String, String, String> {

        private final Stall stall;
        private @Nullable ProcessorContext<String, String> context;

        Relay(Stall stall) {
            this.stall = stall;
        }

        @Override
        public void init(ProcessorContext<String, String> context) {
            this.context = context;
            context.schedule(Duration.ofMillis(50), PunctuationType.WALL_CLOCK_TIME, now -> {
                if (stall.release.getCount() == 0) {
                    stall.punctuatedSince.set(true);
                }
                if (!stall.armed.compareAndSet(true, false)) {
                    return;
                }
                // Opens the transaction (no input was consumed in it, so its commit goes straight to EndTxn).
                context.forward(new Record<>("stalled", "stalled", now));
                stall.entered.countDown();
                try {
                    stall.release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }

        @Override
        public void process(Record<String, String> record) {
            Objects.requireNonNull(context).forward(record);
        }
    }
}
