package io.abk.billing.usdt.http.idempotency;

import io.abk.billing.opskit.idempotency.Bodies;
import io.abk.billing.opskit.idempotency.CapturingResponse;
import io.abk.billing.opskit.idempotency.IdempotencyKeys;
import io.abk.billing.opskit.idempotency.KeyedExchange;
import io.abk.billing.opskit.idempotency.RequestFingerprint;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.usdt.command.CommandBus;
import io.abk.billing.usdt.config.UsdtProperties;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision;
import io.abk.billing.usdt.http.auth.ServiceKeyFilter;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.error.UsdtErrorCodes;
import io.abk.billing.usdt.http.error.UsdtErrorHandler;
import io.abk.billing.usdt.streams.IdempotencyRecords;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@code Idempotency-Key} (1 to 255 characters) on every POST, after the key check, kept per API key for 24 hours:
 * the first request with a key runs; the same request again (same path and JSON body, compared as parsed JSON) gets
 * the stored status and body with {@code Idempotent-Replayed: true} (2xx and 4xx are stored, 5xx are not); another
 * request with the key is 409 {@code idempotency_error}; a repeat while the first runs is 409
 * {@code idempotency_in_progress}. The record lives in the verifier's Kafka Streams store (one writer per record, so
 * two replicas never both run a key), and the ids of what a keyed request sends derive from it ({@link IdempotentIds}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
public class UsdtIdempotencyFilter implements WebFilter {

    public static final String KEY_HEADER = IdempotencyKeys.HEADER;
    /** The billing API's: a retry within a day is safe. */
    static final Duration TTL = Duration.ofHours(24);
    /** The most a request body may hold, as the codecs' limit (usdt-verifier.yml). */
    private static final int MAX_BODY_BYTES = 64 * 1024;
    /** A repeat told to wait retries after this long. */
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(UsdtIdempotencyFilter.class);

    private final CommandBus commands;
    private final UsdtErrorHandler errors;
    private final Clock clock;
    /** A request answers within its timeout: a key whose request has not answered by then may be taken over. */
    private final Duration lease;

    public UsdtIdempotencyFilter(CommandBus commands, UsdtErrorHandler errors, UsdtProperties properties, Clock clock) {
        this.commands = commands;
        this.errors = errors;
        this.clock = clock;
        this.lease = properties.requestTimeout().plusSeconds(5);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        var keys = request.getHeaders().get(KEY_HEADER);
        if (request.getMethod() != HttpMethod.POST
                || keys == null
                || !(exchange.getAttribute(ServiceKeyFilter.HOLDER_ATTRIBUTE) instanceof String holder)) {
            return chain.filter(exchange);
        }
        if (!IdempotencyKeys.isValid(keys)) {
            return Mono.error(UsdtApiException.invalid(KEY_HEADER, IdempotencyKeys.RULE));
        }
        var key = keys.getFirst();
        var recordKey = recordKey(holder, key);
        var path = request.getPath().pathWithinApplication().value();
        return Bodies.read(request.getBody(), MAX_BODY_BYTES).flatMap(body -> {
            var now = clock.instant();
            var claim = new IdempotencyCommand.Claim(
                    recordKey,
                    Ids.newId(IdPrefix.COMMAND, now),
                    now,
                    RequestFingerprint.of(HttpMethod.POST.name(), path, body).hash(),
                    Ids.newId(IdPrefix.COMMAND, now),
                    lease,
                    TTL);
            return decide(claim).flatMap(decision -> switch (decision) {
                case IdempotencyDecision.Replay replay ->
                    KeyedExchange.replay(exchange, replay.status(), replay.body());
                case IdempotencyDecision.Mismatch mismatch ->
                    Mono.error(new UsdtApiException(
                            409,
                            UsdtErrorCodes.IDEMPOTENCY_ERROR,
                            "This Idempotency-Key was already used for a different request (another route or body);"
                                    + " use a new key for a new request"));
                case IdempotencyDecision.InProgress inProgress ->
                    Mono.error(new UsdtApiException(
                            409,
                            UsdtErrorCodes.IDEMPOTENCY_IN_PROGRESS,
                            "A request with this Idempotency-Key is still being processed; retry shortly",
                            null,
                            null,
                            RETRY_AFTER));
                case IdempotencyDecision.Proceed proceed ->
                    proceed(exchange, chain, recordKey, body, proceed.requestCommandId());
                case IdempotencyDecision.Recorded recorded -> Mono.error(unexpected(recorded));
                case IdempotencyDecision.Ignored ignored -> Mono.error(unexpected(ignored));
            });
        });
    }

    /** The record of one API key's Idempotency-Key: a digest, fixed in length, of both. */
    static String recordKey(String holder, String key) {
        try {
            var digest =
                    MessageDigest.getInstance("SHA-256").digest((holder + "\n" + key).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private Mono<IdempotencyDecision> decide(IdempotencyCommand command) {
        return commands.idempotency(IdempotencyRecords.envelope(command))
                .map(outcome -> IdempotencyRecords.decision(
                        Objects.requireNonNull(outcome.getIdempotency(), "an idempotency command answers one")));
    }

    /** Runs the request under {@code requestCommandId}, its answer (errors included) kept before it is sent. */
    private Mono<Void> proceed(
            ServerWebExchange exchange, WebFilterChain chain, String recordKey, byte[] body, String requestCommandId) {
        var captured = new CapturingResponse(
                exchange.getResponse(), (status, answer) -> record(recordKey, requestCommandId, status, answer));
        var keyed = KeyedExchange.withBody(exchange, body).response(captured).build();
        keyed.getAttributes().put(IdempotentIds.ATTRIBUTE, requestCommandId);
        return chain.filter(keyed)
                .onErrorResume(error -> errors.handle(keyed, error))
                .then(Mono.defer(
                        () -> captured.wasCaptured() ? Mono.<Void>empty() : release(recordKey, requestCommandId)));
    }

    /**
     * Keeps the answer: 2xx and 4xx to replay; a 503 {@code processing_timeout} leaves the record held (its command is
     * still applied, and a repeat once the lease ends sends it again under the same ids); any other 5xx ends the lease.
     * An answer that cannot be kept is still sent: the record stays held, and a repeat takes it over.
     */
    private Mono<Void> record(String recordKey, String requestCommandId, int status, byte[] answer) {
        var now = clock.instant();
        Mono<Void> write;
        if (status < 500) {
            write = decide(new IdempotencyCommand.Complete(
                            recordKey,
                            Ids.newId(IdPrefix.COMMAND, now),
                            now,
                            requestCommandId,
                            status,
                            new String(answer, StandardCharsets.UTF_8)))
                    .then();
        } else if (status == 503
                && new String(answer, StandardCharsets.UTF_8).contains(UsdtErrorCodes.PROCESSING_TIMEOUT)) {
            write = Mono.empty();
        } else {
            write = release(recordKey, requestCommandId);
        }
        return write.onErrorResume(error -> {
            log.warn(
                    "event=idempotent_answer_not_kept requestCommandId={} status={} error=\"{}\"",
                    requestCommandId,
                    status,
                    error.toString());
            return Mono.empty();
        });
    }

    private Mono<Void> release(String recordKey, String requestCommandId) {
        var now = clock.instant();
        return decide(new IdempotencyCommand.Release(
                        recordKey, Ids.newId(IdPrefix.COMMAND, now), now, requestCommandId))
                .then()
                .onErrorResume(error -> Mono.empty());
    }

    private static IllegalStateException unexpected(IdempotencyDecision decision) {
        return new IllegalStateException("a claim answered " + decision);
    }
}
