package io.abk.billing.gateway.command;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
import io.abk.billing.gateway.readmodel.projection.OutcomeWaiter;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Sends a command and waits for its outcome, within the request timeout (docs/architecture.md, "The command path"). The
 * waiter is registered before the command is produced. No outcome in time is a 503 {@code processing_timeout}: the
 * command is still applied exactly once, and a retry with the same Idempotency-Key gets its result. A command that
 * could not be handed to Kafka is a 503 {@code service_unavailable}.
 *
 * <p>A request that answers with what a follow-up command made of its command (a settlement's result for
 * activate, charge, refund and a payment's confirm; the payment a link's open minted) {@linkplain #sendAndFollowUp
 * follows up}: when the accepted outcome names a follow-up command, it waits for that one's outcome too, within
 * what is left of the same request timeout.
 */
public final class CommandDispatcher {

    private static final Logger log = LoggerFactory.getLogger(CommandDispatcher.class);

    private final CommandProducer producer;
    private final OutcomeWaiter waiter;
    private final Duration requestTimeout;
    private final Duration retryAfter;
    private final CommandLatencyMeters meters;

    public CommandDispatcher(
            CommandProducer producer,
            OutcomeWaiter waiter,
            Duration requestTimeout,
            Duration retryAfter,
            CommandLatencyMeters meters) {
        this.producer = producer;
        this.waiter = waiter;
        this.requestTimeout = requestTimeout;
        this.retryAfter = retryAfter;
        this.meters = meters;
    }

    /** Produces the command (again, for a takeover: the processor deduplicates by command id) and awaits its outcome. */
    public Mono<CommandOutcome> send(StampedCommand command, CommandIdentity identity) {
        var stamp = command.stamp();
        var send = producer.send(command)
                .<RecordMetadata>handle((metadata, sink) -> {
                    log.debug(
                            "command sent commandId={} aggregate={} aggregateId={} partition={} offset={} requestId={}",
                            stamp.commandId(),
                            command.aggregate(),
                            command.aggregateId(),
                            metadata.partition(),
                            metadata.offset(),
                            stamp.requestId());
                    sink.next(metadata);
                })
                .onErrorResume(
                        error -> !(error instanceof ApiException),
                        error -> LogContext.mapError(error, cause -> {
                            log.warn(
                                    "command not sent commandId={} aggregate={} merchantId={} mode={} requestId={} error=\"{}\"",
                                    stamp.commandId(),
                                    command.aggregate(),
                                    stamp.merchantId(),
                                    stamp.mode(),
                                    stamp.requestId(),
                                    cause.toString());
                            return new ApiException(
                                    503,
                                    ErrorCodes.SERVICE_UNAVAILABLE,
                                    "The command could not be queued for processing; retry shortly",
                                    null,
                                    retryAfter);
                        }));
        var timing = meters.start(command.type());
        return await(
                        command.commandId(),
                        send.contextWrite(LogContext.with(LogContext.COMMAND_ID, command.commandId())),
                        identity.claim().isRetry(),
                        requestTimeout)
                .doOnNext(outcome -> timing.stop(outcome.accepted() ? "accepted" : "rejected"))
                .doOnError(error -> timing.stop(
                        error instanceof ApiException api && ErrorCodes.PROCESSING_TIMEOUT.equals(api.code())
                                ? "timeout"
                                : "unavailable"));
    }

    /** The outcome of a command that was sent before and is already recorded (a resumed idempotent retry). */
    public Mono<CommandOutcome> recorded(CommandIdentity identity) {
        return await(identity.commandId(), Mono.empty(), true, requestTimeout);
    }

    /** {@link #send}, then the follow-up's outcome when the accepted outcome names one; one timeout for both. */
    public Mono<Settled> sendAndFollowUp(StampedCommand command, CommandIdentity identity) {
        return Mono.defer(() -> {
            long started = System.nanoTime();
            return send(command, identity).flatMap(outcome -> followUp(outcome, started));
        });
    }

    /** {@link #recorded}, then the follow-up's outcome, which may still be coming (a retry after a 503). */
    public Mono<Settled> recordedAndFollowedUp(CommandIdentity identity) {
        return Mono.defer(() -> {
            long started = System.nanoTime();
            return recorded(identity).flatMap(outcome -> followUp(outcome, started));
        });
    }

    /**
     * {@link #send}, then the follow-ups of the follow-ups, as far as accepted outcomes name one (at most
     * {@link #MAX_CHAIN} hops): a redemption through a promotion code is the code's outcome, the coupon's, then the
     * subscription's. One timeout for all.
     */
    public Mono<Settled> sendAndFollowChain(StampedCommand command, CommandIdentity identity) {
        return Mono.defer(() -> {
            long started = System.nanoTime();
            return send(command, identity).flatMap(outcome -> chain(outcome, started));
        });
    }

    /** {@link #recorded}, then the chain of follow-ups, which may still be coming (a retry after a 503). */
    public Mono<Settled> recordedAndChained(CommandIdentity identity) {
        return Mono.defer(() -> {
            long started = System.nanoTime();
            return recorded(identity).flatMap(outcome -> chain(outcome, started));
        });
    }

    /** The longest chain of follow-ups a request waits for: a promotion code, its coupon, the subscription. */
    static final int MAX_CHAIN = 3;

    private Mono<Settled> chain(CommandOutcome first, long startedNanos) {
        return last(first, startedNanos, MAX_CHAIN).map(last -> new Settled(first, last == first ? null : last));
    }

    private Mono<CommandOutcome> last(CommandOutcome outcome, long startedNanos, int hopsLeft) {
        if (hopsLeft == 0 || !outcome.accepted() || outcome.followUpCommandId() == null) {
            return Mono.just(outcome);
        }
        return followUp(outcome, startedNanos)
                .flatMap(settled -> settled.followUp() == null
                        ? Mono.just(outcome)
                        : last(settled.followUp(), startedNanos, hopsLeft - 1));
    }

    private Mono<Settled> followUp(CommandOutcome outcome, long startedNanos) {
        var followUpId = outcome.followUpCommandId();
        if (!outcome.accepted() || followUpId == null) {
            return Mono.just(new Settled(outcome, null));
        }
        var left = requestTimeout.minusNanos(System.nanoTime() - startedNanos);
        if (left.isNegative() || left.isZero()) {
            return LogContext.mapError(new TimeoutException(), cause -> timedOut(followUpId));
        }
        // Registered first, then looked up: the result may have been recorded before this request heard of it.
        return await(followUpId, Mono.empty(), true, left).map(result -> new Settled(outcome, result));
    }

    private Mono<CommandOutcome> await(String commandId, Mono<?> send, boolean mayBeRecorded, Duration timeout) {
        return waiter.await(commandId, send, mayBeRecorded, timeout)
                .onErrorResume(
                        TimeoutException.class, expired -> LogContext.mapError(expired, cause -> timedOut(commandId)));
    }

    private ApiException timedOut(String commandId) {
        log.warn("command outcome timed out commandId={} timeout={}", commandId, requestTimeout);
        return new ApiException(
                503,
                ErrorCodes.PROCESSING_TIMEOUT,
                "The request was accepted but its result was not ready within " + requestTimeout.toSeconds()
                        + " s; retry with the same Idempotency-Key to get it",
                null,
                retryAfter);
    }
}
