package io.abk.billing.gateway.platform.web;

import io.abk.billing.opskit.web.JsonErrorAnswers;
import io.abk.billing.opskit.web.StatusTrackingResponse;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webflux.autoconfigure.WebHttpHandlerBuilderCustomizer;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * A write (POST, PATCH, PUT, DELETE) is never answered 200 without a body. When a request's chain ends without an
 * answer, WebFlux completes the response as it stands, and a status nobody set goes out as 200: a client reads an
 * empty 200 to a create as done, with nothing in hand (a payment create was answered so while replicas stood still).
 * Every route answers with a status or a body of its own, so such an ending is a bug: it is answered 500
 * {@code internal_error} with the usual error body and logged, and a retry with the same {@code Idempotency-Key} runs
 * the command again (an idempotency record is kept only for an answer, and a 5xx releases it).
 *
 * <p>It wraps the response where WebFlux's own handling starts, so it also sees the completion WebFlux makes after
 * the filters and the error handlers are done.
 */
@Component
public class UnansweredWrites implements WebHttpHandlerBuilderCustomizer {

    private static final Logger log = LoggerFactory.getLogger(UnansweredWrites.class);
    private static final Set<HttpMethod> WRITES =
            Set.of(HttpMethod.POST, HttpMethod.PATCH, HttpMethod.PUT, HttpMethod.DELETE);
    private static final String MESSAGE =
            "The server ended this request without an answer; retry it (with the same Idempotency-Key for a POST)";

    private final JsonMapper json;

    public UnansweredWrites(JsonMapper json) {
        this.json = json;
    }

    @Override
    public void customize(WebHttpHandlerBuilder builder) {
        builder.httpHandlerDecorator(handler -> (request, response) -> handler.handle(
                request, WRITES.contains(request.getMethod()) ? new Guarded(request, response) : response));
    }

    /** The response of one write: its completion without a status becomes the 500. */
    private final class Guarded extends StatusTrackingResponse {

        private final ServerHttpRequest request;

        Guarded(ServerHttpRequest request, ServerHttpResponse delegate) {
            super(delegate);
            this.request = request;
        }

        @Override
        public Mono<Void> setComplete() {
            // (A request whose body the HTTP server could not decode was answered 400 by the server itself.)
            if (statusSet() || isCommitted() || RequestBodyFilter.answeredByHttpCodec(getDelegate())) {
                return super.setComplete();
            }
            var requestId = getHeaders().getFirst(ApiHeaders.REQUEST_ID);
            log.error(
                    "event=write_without_answer requestId={} method={} path={}",
                    requestId,
                    request.getMethod(),
                    RequestPaths.forLog(request));
            var body = JsonErrorAnswers.body(MESSAGE, ErrorCodes.INTERNAL_ERROR, null);
            body.put("requestId", requestId);
            var bytes = json.writeValueAsBytes(body);
            getHeaders().clearContentHeaders();
            getHeaders().setContentType(MediaType.APPLICATION_JSON);
            setStatusCode(HttpStatus.INTERNAL_SERVER_ERROR);
            return writeWith(Mono.fromSupplier(() -> bufferFactory().wrap(bytes)));
        }
    }
}
