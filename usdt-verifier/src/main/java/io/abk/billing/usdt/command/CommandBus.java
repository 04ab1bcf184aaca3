package io.abk.billing.usdt.command;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtIdempotencyCommand;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.error.UsdtErrorCodes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Sends commands and answers with their settled outcomes (read-your-writes): waiters are registered before the
 * command is produced (idempotent producer, acks=all), then the outcome is awaited on usdt.command-outcomes, and so
 * are the outcomes it names as follow-ups. No outcome within the request timeout: 503 {@code processing_timeout}
 * with Retry-After; the command is still applied, and confirming again answers with its result.
 */
public final class CommandBus implements AutoCloseable {

    /** Retry-After of a timeout: by then the command has almost surely been applied. */
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final KafkaProducer<String, byte[]> producer;
    private final Deployment deployment;
    private final OutcomeWaiters waiters;
    private final OutcomeFeed feed;
    private final Duration timeout;

    public CommandBus(
            String bootstrapServers,
            KafkaClientSecurity security,
            Deployment deployment,
            String clientId,
            OutcomeWaiters waiters,
            OutcomeFeed feed,
            Duration timeout) {
        this.deployment = deployment;
        this.producer = new KafkaProducer<>(
                security.with(Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.CLIENT_ID_CONFIG,
                        clientId,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.LINGER_MS_CONFIG,
                        0,
                        // A request waits at most its timeout; a command that cannot reach Kafka by then fails fast.
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        (int) Math.min(timeout.toMillis(), 30_000),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        (int) Math.min(timeout.toMillis(), 30_000) + 1,
                        ProducerConfig.MAX_BLOCK_MS_CONFIG,
                        (int) Math.min(timeout.toMillis(), 30_000))),
                new StringSerializer(),
                new ByteArraySerializer());
        this.waiters = waiters;
        this.feed = feed;
        this.timeout = timeout;
    }

    /**
     * Sends {@code commands} in order (all for one intent, so one partition keeps their order) and answers with the
     * settled outcome of the last: the outcome of the command whose outcome it names as its follow-up, if any, and so
     * on (a confirm's answer is its claim's).
     */
    public Mono<UsdtCommandOutcome> intent(List<UsdtIntentCommand> commands) {
        var last = commands.getLast();
        return within(waitingFor(
                        last.getCommandId(),
                        Flux.fromIterable(commands)
                                .concatMap(command -> send(Topics.USDT_INTENT_COMMANDS, command.getIntentId(), command))
                                .then())
                .flatMap(this::settled));
    }

    /** Sends a poll and answers with the settled outcome of every confirm it issued. */
    public Mono<List<UsdtCommandOutcome>> poll(UsdtAddressCommand poll) {
        return within(waitingFor(poll.getCommandId(), send(Topics.USDT_ADDRESS_COMMANDS, poll.getPayToAddress(), poll))
                .flatMap(outcome -> Flux.fromIterable(outcome.getFollowUps())
                        .flatMap(id -> outcome(id).flatMap(this::settled))
                        .collectList()));
    }

    /** Sends a command of an Idempotency-Key record and answers with its outcome. */
    public Mono<UsdtCommandOutcome> idempotency(UsdtIdempotencyCommand command) {
        return within(waitingFor(
                command.getCommandId(), send(Topics.USDT_IDEMPOTENCY_COMMANDS, command.getRecordKey(), command)));
    }

    /** Registers the waiter, then runs {@code send}, then waits. */
    private Mono<UsdtCommandOutcome> waitingFor(String commandId, Mono<Void> send) {
        return Mono.defer(() -> {
            if (!feed.isReady()) {
                return Mono.error(new UsdtApiException(
                        503,
                        UsdtErrorCodes.SERVICE_UNAVAILABLE,
                        "The verifier is starting:" + " its topics are not ready yet; retry shortly",
                        null,
                        null,
                        RETRY_AFTER));
            }
            var future = waiters.await(commandId);
            return send.then(Mono.fromFuture(future, true))
                    .doOnCancel(() -> waiters.giveUp(commandId))
                    .doOnError(error -> waiters.giveUp(commandId));
        });
    }

    private Mono<UsdtCommandOutcome> outcome(String commandId) {
        return Mono.defer(
                () -> Mono.fromFuture(waiters.await(commandId), true).doOnCancel(() -> waiters.giveUp(commandId)));
    }

    /** The outcome itself, or, when it names a follow-up, that one's settled outcome. */
    private Mono<UsdtCommandOutcome> settled(UsdtCommandOutcome outcome) {
        if (outcome.getFollowUps().size() == 1) {
            return outcome(outcome.getFollowUps().getFirst()).flatMap(this::settled);
        }
        return Mono.just(outcome);
    }

    private <V> Mono<Void> send(Topic<String, V> topic, String key, V value) {
        var name = topic.name(deployment);
        var bytes = topic.valueSerde().serializer().serialize(name, value);
        return Mono.<Void>create(sink -> producer.send(new ProducerRecord<>(name, key, bytes), (metadata, error) -> {
                    if (error != null) {
                        sink.error(new UsdtApiException(
                                503,
                                UsdtErrorCodes.SERVICE_UNAVAILABLE,
                                "Kafka did not take the command; retry shortly",
                                null,
                                null,
                                RETRY_AFTER));
                    } else {
                        sink.success();
                    }
                }))
                .subscribeOn(Schedulers.boundedElastic());
    }

    private <T> Mono<T> within(Mono<T> answer) {
        return answer.publishOn(Schedulers.parallel())
                .timeout(timeout)
                .onErrorMap(
                        TimeoutException.class,
                        e -> new UsdtApiException(
                                503,
                                UsdtErrorCodes.PROCESSING_TIMEOUT,
                                "The command was sent but its outcome did not arrive within " + timeout.toMillis()
                                        + " ms; it is still applied exactly once: send the same request again for its result",
                                null,
                                null,
                                RETRY_AFTER));
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
