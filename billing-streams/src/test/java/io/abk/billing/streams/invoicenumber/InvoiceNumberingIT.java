package io.abk.billing.streams.invoicenumber;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsSettings;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Invoice numbers on a real broker with exactly-once (docs/architecture.md, "Invoice numbers"): billing-streams is
 * stopped as soon as the first half of a merchant's subscriptions are being numbered, the second half is created while
 * it is down, and a new process on a fresh state directory (restored from the changelogs) numbers the rest: every
 * invoice ends up numbered, the numbers exactly 1..n.
 * Protects against a gap or a repeat when a crash replays what the stopped process had not committed.
 */
class InvoiceNumberingIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Instant REQUESTED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final int PARTITIONS = 2;
    private static final int SUBSCRIPTIONS = 12;

    @TempDir
    Path dir;

    @Test
    void shouldNumberEveryInvoiceOneToNWithoutGapOrRepeatWhenBillingStreamsRestartsMidway() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            var plan = TopicsSettings.singleBroker(broker.bootstrapServers(), PARTITIONS)
                    .plan();
            assertThat(TopicProvisioner.run(broker.bootstrapServers(), plan, TopicProvisioner.Options.apply(PATIENCE))
                            .problems())
                    .isEmpty();
            var numbered = new ArrayList<InvoiceSnapshot>();
            try (var changes = ReadCommitted.fromStart(
                    broker,
                    Topics.CHANGES.name(Deployment.DEFAULT),
                    PARTITIONS,
                    new StringDeserializer(),
                    Topics.CHANGES.valueSerde().deserializer())) {
                try (var first = start(broker, "first")) {
                    await().atMost(PATIENCE).until(first::isRunning);
                    sendCreates(broker, 0, SUBSCRIPTIONS / 2);
                    // Stopped as soon as numbers are being given, perhaps with some of the first half in flight.
                    await().atMost(PATIENCE).until(() -> poll(changes, numbered) > 0);
                }
                // The second half arrives while nothing runs; the next process restores the counter and goes on.
                sendCreates(broker, SUBSCRIPTIONS / 2, SUBSCRIPTIONS);
                try (var second = start(broker, "second")) {
                    await().atMost(PATIENCE).until(() -> poll(changes, numbered) >= SUBSCRIPTIONS);
                }
                poll(changes, numbered);
            }

            var prefix = InvoiceNumbers.defaultPrefix(CommandEnvelopes.MERCHANT_ID);
            assertThat(numbered).extracting(InvoiceSnapshot::getMode).containsOnly(Mode.TEST);
            assertThat(numbered)
                    .extracting(InvoiceSnapshot::getNumber)
                    .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, SUBSCRIPTIONS)
                            .mapToObj(n -> InvoiceNumbers.format(prefix, n))
                            .toList());
            assertThat(numbered).extracting(InvoiceSnapshot::getId).doesNotHaveDuplicates();
        }
    }

    /** A billing-streams process with a state directory of its own, so the second restores from the changelogs. */
    private StreamsApp start(TestBroker broker, String process) {
        return BillingStreamsApp.start(BillingStreamsSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS",
                broker.bootstrapServers(),
                "BILLING_STREAMS_STATE_DIR",
                dir.resolve(process).toString())));
    }

    /** Creates subscriptions {@code from} (inclusive) to {@code to} (exclusive) of the one merchant, in test mode. */
    private static void sendCreates(TestBroker broker, int from, int to) throws Exception {
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            var sent = new ArrayList<java.util.concurrent.Future<?>>();
            for (int i = from; i < to; i++) {
                var subscription = "sub_01jvqz00000000000000000%03d".formatted(i);
                sent.add(producer.send(new ProducerRecord<>(
                        topic.name(Deployment.DEFAULT),
                        subscription,
                        CommandEnvelopes.create("cmd_" + subscription, subscription, REQUESTED_AT))));
            }
            for (var future : sent) {
                future.get(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Adds the invoices the committed finalizations numbered; returns how many there are so far. */
    private static int poll(KafkaConsumer<String, Change> changes, List<InvoiceSnapshot> numbered) {
        for (var record : changes.poll(Duration.ofMillis(200))) {
            var change = record.value();
            if (change.getCommandId().startsWith(InvoiceNumberProcessor.FINALIZE_COMMAND_PREFIX)) {
                for (var snapshot : change.getSnapshots()) {
                    if (snapshot instanceof InvoiceSnapshot invoice && invoice.getNumber() != null) {
                        numbered.add(invoice);
                    }
                }
            }
        }
        return numbered.size();
    }
}
