package io.abk.billing.gateway.command.idempotency;

import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.command.CommandIdentity.Claim;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.InProgress;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Mismatch;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Proceed;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Replay;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ApiHeaders;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.opskit.idempotency.Bodies;
import io.abk.billing.opskit.idempotency.CapturingResponse;
import io.abk.billing.opskit.idempotency.IdempotencyKeys;
import io.abk.billing.opskit.idempotency.KeyedExchange;
import io.abk.billing.opskit.idempotency.RequestFingerprint;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@code Idempotency-Key} on every POST and PATCH under {@code /v1} (the API names POST; a PATCH of a
 * subscription is a command too, whose 503 {@code processing_timeout} a retry with the key must resume rather
 * than send again; a catalog PATCH simply gets its response replayed), after authentication (it needs the
 * {@link Caller}), and on the POSTs of hosted checkout, kept per checkout object ({@link PublicRouteScopes}). A request with a key claims the key's record ({@link IdempotencyStore#claim}); when it may
 * run, the handler finds an {@link CommandIdentity} in the exchange, and the response, error responses
 * included, is captured and stored before it is sent: 2xx and 4xx become the record's replay, a 503
 * {@code processing_timeout} leaves the record in flight (its outcome is still coming), and any other 5xx ends
 * the lease so a retry can take over at once with the same command.
 */
public final class IdempotencyFilter implements WebFilter, Ordered {

    public static final String KEY_HEADER = IdempotencyKeys.HEADER;
    public static final String REPLAYED_HEADER = KeyedExchange.REPLAYED_HEADER;

    private static final Logger log = LoggerFactory.getLogger(IdempotencyFilter.class);

    private final IdempotencyStore store;
    private final Clock clock;
    private final Duration retryAfter;
    private final ObjectProvider<WebExceptionHandler> exceptionHandlers;
    private final PublicRouteScopes publicScopes;
    private volatile @Nullable List<WebExceptionHandler> handlers;

    public IdempotencyFilter(
            IdempotencyStore store,
            Clock clock,
            Duration retryAfter,
            ObjectProvider<WebExceptionHandler> exceptionHandlers,
            PublicRouteScopes publicScopes) {
        this.store = store;
        this.publicScopes = publicScopes;
        this.clock = clock;
        this.retryAfter = retryAfter;
        this.exceptionHandlers = exceptionHandlers;
    }

    @Override
    public int getOrder() {
        return FilterOrder.IDEMPOTENCY;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        var path = request.getPath().pathWithinApplication().value();
        var keys = request.getHeaders().get(KEY_HEADER);
        var method = request.getMethod();
        if (RequestPaths.isUnder(request, "checkout")) {
            return filterPublic(exchange, chain);
        }
        if (!(method == HttpMethod.POST || method == HttpMethod.PATCH)
                || !path.startsWith("/v1/")
                || keys == null
                || !(exchange.getAttribute(Caller.ATTRIBUTE) instanceof Caller caller)) {
            return chain.filter(exchange);
        }
        if (!IdempotencyKeys.isValid(keys)) {
            return Mono.error(ApiException.invalid(KEY_HEADER, IdempotencyKeys.RULE));
        }
        return claimed(exchange, chain, caller, keys.getFirst());
    }

    /**
     * A keyed POST of a public route: the key is kept under the merchant and mode of the object the POST acts on, and
     * apart from every other object's keys (the stored key is {@code <objectId>/<key>}).
     */
    private Mono<Void> filterPublic(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        var keys = request.getHeaders().get(KEY_HEADER);
        if (request.getMethod() != HttpMethod.POST || keys == null) {
            return chain.filter(exchange);
        }
        if (!IdempotencyKeys.isValid(keys)) {
            return Mono.error(ApiException.invalid(KEY_HEADER, IdempotencyKeys.RULE));
        }
        var key = keys.getFirst();
        return publicScopes
                .scopeOf(request)
                .map(scope -> claimed(exchange, chain, scope.owner(), scope.objectId() + "/" + key))
                .defaultIfEmpty(Mono.defer(() -> chain.filter(exchange)))
                .flatMap(run -> run);
    }

    /** Reads the body and claims the key's record ({@code storedKey}) in the caller's merchant and mode. */
    private Mono<Void> claimed(ServerWebExchange exchange, WebFilterChain chain, Caller caller, String storedKey) {
        var request = exchange.getRequest();
        var method = request.getMethod();
        var path = request.getPath().pathWithinApplication().value();
        // The API's body limit, applied here since the body is read before any codec limits it.
        return Bodies.read(request.getBody(), ApiHeaders.MAX_BODY_BYTES).flatMap(body -> {
            var fingerprint = RequestFingerprint.of(method.name(), path, body);
            var now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
            return store.claim(caller, storedKey, fingerprint, Ids.newId(IdPrefix.COMMAND, now), now)
                    .flatMap(decision -> switch (decision) {
                        case Replay replay -> KeyedExchange.replay(exchange, replay.status(), replay.body());
                        case Mismatch mismatch ->
                            Mono.error(new ApiException(
                                    409,
                                    ErrorCodes.IDEMPOTENCY_ERROR,
                                    "This Idempotency-Key was already used for a different request (another route or body);"
                                            + " use a new key for a new request"));
                        case InProgress inProgress ->
                            Mono.error(new ApiException(
                                    409,
                                    ErrorCodes.IDEMPOTENCY_IN_PROGRESS,
                                    "A request with this Idempotency-Key is still being processed; retry shortly",
                                    null,
                                    retryAfter));
                        case Proceed proceed -> proceed(exchange, chain, caller, storedKey, body, proceed.identity());
                    });
        });
    }

    private Mono<Void> proceed(
            ServerWebExchange exchange,
            WebFilterChain chain,
            Caller caller,
            String key,
            byte[] body,
            CommandIdentity identity) {
        var commandId = identity.commandId();
        var captured = new CapturingResponse(
                exchange.getResponse(),
                (status, responseBody) -> store(caller, key, identity, status, responseBody, showsSecret(exchange)));
        if (identity.claim() == Claim.RESUME) {
            captured.getHeaders().set(REPLAYED_HEADER, "true");
        }
        var mutated = KeyedExchange.withBody(exchange, body).response(captured).build();
        mutated.getAttributes().put(CommandIdentity.ATTRIBUTE, identity);
        LogContext.of(exchange)
                .inMdc(() -> log.debug(
                        "idempotency key claimed merchantId={} mode={} commandId={} claim={}",
                        caller.merchantId(),
                        caller.mode(),
                        commandId,
                        identity.claim()));
        return chain.filter(mutated)
                .onErrorResume(error -> renderError(mutated, error))
                .then(Mono.defer(
                        () -> captured.wasCaptured() ? Mono.<Void>empty() : store.release(caller, key, commandId)))
                .onErrorResume(error ->
                        store.release(caller, key, commandId).onErrorComplete().then(Mono.error(error)))
                .doOnCancel(() -> store.release(caller, key, commandId)
                        .subscribe(
                                null,
                                error -> log.warn(
                                        "cannot release idempotency key commandId={} error=\"{}\"",
                                        commandId,
                                        error.toString())));
    }

    /**
     * Renders an error through the application's exception handlers into the capturing response, as the web
     * handler would outside the filter chain, so an error response is stored and replayed like any other.
     */
    private Mono<Void> renderError(ServerWebExchange exchange, Throwable error) {
        Mono<Void> rendered = Mono.error(error);
        for (var handler : exceptionHandlers()) {
            rendered = rendered.onErrorResume(failure -> handler.handle(exchange, failure));
        }
        return rendered;
    }

    /**
     * Whether the route that answered declares that its answer shows a secret ({@link ShowsSecret}): the handler the
     * request was mapped to is in the exchange's attributes (shared with the mutated exchange) once it is answered.
     */
    private static boolean showsSecret(ServerWebExchange exchange) {
        return exchange.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE) instanceof HandlerMethod handler
                && handler.hasMethodAnnotation(ShowsSecret.class);
    }

    private Mono<Void> store(
            Caller caller, String key, CommandIdentity identity, int status, byte[] body, boolean showsSecret) {
        Mono<Void> write;
        if (status < 500) {
            write = store.complete(
                    caller, key, identity.commandId(), status, new String(body, StandardCharsets.UTF_8), showsSecret);
        } else if (status == 503
                && ResponseCodes.codeOf(body)
                        .filter(ErrorCodes.PROCESSING_TIMEOUT::equals)
                        .isPresent()) {
            // The command was sent and will be applied: a repeat must wait for (then replay) its outcome.
            write = Mono.empty();
        } else {
            write = store.release(caller, key, identity.commandId());
        }
        // A response the client should get is never held back by a failure to record it: the row stays in flight
        // and a repeat resumes from the recorded outcome instead.
        return write.onErrorResume(error -> Mono.deferContextual(context -> {
            LogContext.of(context)
                    .inMdc(() -> log.warn(
                            "cannot record idempotent response merchantId={} commandId={} status={} error=\"{}\"",
                            caller.merchantId(),
                            identity.commandId(),
                            status,
                            error.toString()));
            return Mono.empty();
        }));
    }

    private List<WebExceptionHandler> exceptionHandlers() {
        var current = handlers;
        if (current == null) {
            current = exceptionHandlers.orderedStream().toList();
            handlers = current;
        }
        return current;
    }
}
