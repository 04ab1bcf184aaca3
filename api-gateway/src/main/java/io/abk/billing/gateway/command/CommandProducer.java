package io.abk.billing.gateway.command;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The gateway's one producer of every command topic ({@link Aggregate#all()}), each keyed by its aggregate's id
 * so every command of an aggregate reaches the same processor task in order. One producer for all topics: the
 * commands of concurrent requests share batches and one idempotent session. Envelopes arrive encoded
 * ({@link StampedCommand}), by each topic's own serde. Idempotent with {@code acks=all}: a retried send is never
 * duplicated in the log, and a broker failover loses nothing that was acknowledged.
 */
public final class CommandProducer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CommandProducer.class);

    private final Producer<String, byte[]> producer;
    /** Whose command topics the commands go to. */
    private final Deployment deployment;

    public CommandProducer(Producer<String, byte[]> producer, Deployment deployment) {
        this.producer = producer;
        this.deployment = deployment;
    }

    public static CommandProducer create(
            String bootstrapServers,
            KafkaClientSecurity security,
            Deployment deployment,
            Duration linger,
            Duration deliveryTimeout) {
        return new CommandProducer(
                new KafkaProducer<>(
                        config(
                                deployment.name("api-gateway-commands"),
                                bootstrapServers,
                                security,
                                linger,
                                deliveryTimeout),
                        new StringSerializer(),
                        new ByteArraySerializer()),
                deployment);
    }

    /** The configuration of the gateway's producers ({@link AcknowledgedProducer} too, without batching delay). */
    static Map<String, Object> config(
            String clientId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Duration linger,
            Duration deliveryTimeout) {
        var config = security.applyTo(new HashMap<String, Object>());
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        // A couple of milliseconds batches the commands of concurrent requests into one produce request.
        config.put(ProducerConfig.LINGER_MS_CONFIG, (int) linger.toMillis());
        // The send must give up before the HTTP request does, so an outage is a clean 503, not a hang.
        int delivery = (int) deliveryTimeout.toMillis();
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, delivery);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.max(1, delivery - (int) linger.toMillis()));
        // send() blocks for metadata and buffer space; it is called off the event loop, bounded all the same.
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (long) delivery);
        return config;
    }

    /**
     * Sends one command to its aggregate's topic. {@code send} may block (metadata, buffer) so it runs on the
     * bounded-elastic scheduler, never on an event loop thread; the returned Mono completes when the broker
     * acknowledged the record.
     */
    public Mono<RecordMetadata> send(StampedCommand command) {
        return acknowledged(
                producer,
                new ProducerRecord<>(
                        command.aggregate().topic().name(deployment), command.aggregateId(), command.value()));
    }

    /** Sends {@code record} off the event loop; completes when the broker acknowledged it. */
    static <K, V> Mono<RecordMetadata> acknowledged(Producer<K, V> producer, ProducerRecord<K, V> record) {
        return Mono.<RecordMetadata>create(sink -> producer.send(record, (metadata, error) -> {
                    if (error != null) {
                        sink.error(error);
                    } else {
                        sink.success(metadata);
                    }
                }))
                .subscribeOn(Schedulers.boundedElastic());
    }

    /** Fetches every command topic's metadata in the background so the first request does not pay for it. */
    public void warmUp() {
        for (var aggregate : Aggregate.all()) {
            var topic = aggregate.topic().name(deployment);
            Mono.fromCallable(() -> producer.partitionsFor(topic))
                    .subscribeOn(Schedulers.boundedElastic())
                    .subscribe(
                            partitions ->
                                    log.info("command producer ready topic={} partitions={}", topic, partitions.size()),
                            error -> log.warn(
                                    "command producer could not fetch metadata yet topic={} error=\"{}\"",
                                    topic,
                                    error.toString()));
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
