package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.command.CommandStamper;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ApiHeaders;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.RequestBodyFilter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /v1/meter_events} and {@code /v1/meter_events/batch}: usage events of the caller's meters, written to
 * {@code billing.meter-events} and answered 202 only once Kafka acknowledged them. A batch (1 to 1,000 events, a body
 * of up to 1 MiB) is validated whole before anything is sent: one bad event is a 400 naming its index
 * ({@code events[3].value}) and nothing is sent. Rate limits count a batch as one request.
 */
@RestController
public class MeterEventRoutes {

    private static final Logger log = LoggerFactory.getLogger(MeterEventRoutes.class);

    public static final int MAX_BATCH = 1000;
    /** The {@code Retry-After} of a 503 when Kafka did not acknowledge the events. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final MeterService meters;
    private final MeterEventPublisher publisher;
    private final CommandStamper stamper;
    private final JsonMapper json;

    public MeterEventRoutes(
            MeterService meters, MeterEventPublisher publisher, CommandStamper stamper, JsonMapper json) {
        this.meters = meters;
        this.publisher = publisher;
        this.stamper = stamper;
        this.json = json;
    }

    @PostMapping("/v1/meter_events")
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            var fields = RequestFields.of(body);
            return meters.eventNames(caller).flatMap(byName -> {
                var event = MeterEventRequest.parse(fields, caller, byName, stamper.now(caller));
                return send(caller, List.of(event))
                        .thenReturn(ResponseEntity.status(HttpStatus.ACCEPTED).body(event.json()));
            });
        });
    }

    // Read as bytes (its limit is 1 MiB, not the codecs' 64 KiB), but JSON like every other body.
    @PostMapping(path = ApiHeaders.METER_EVENT_BATCH_PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<ResponseEntity<Map<String, Object>>> batch(Caller caller, ServerHttpRequest request) {
        return DataBufferUtils.join(request.getBody(), ApiHeaders.MAX_METER_EVENT_BATCH_BYTES)
                .map(buffer -> {
                    try {
                        return buffer.toString(StandardCharsets.UTF_8);
                    } finally {
                        DataBufferUtils.release(buffer);
                    }
                })
                .onErrorMap(DataBufferLimitException.class, tooLarge -> RequestBodyFilter.batchTooLarge())
                .map(this::parse)
                .defaultIfEmpty(RequestFields.of(null))
                .flatMap(fields -> {
                    var events = fields.optionalObjectList("events", MAX_BATCH);
                    if (events.isEmpty()) {
                        throw ApiException.invalid("events", "events is required: 1 to " + MAX_BATCH + " meter events");
                    }
                    return meters.eventNames(caller).flatMap(byName -> {
                        var now = stamper.now(caller);
                        var parsed = new ArrayList<MeterEventRequest>(events.size());
                        for (var event : events) {
                            parsed.add(MeterEventRequest.parse(event, caller, byName, now));
                        }
                        return send(caller, parsed);
                    });
                })
                .map(accepted -> {
                    var body = new LinkedHashMap<String, Object>();
                    body.put("object", "meter_event_batch");
                    body.put("accepted", accepted);
                    return ResponseEntity.status(HttpStatus.ACCEPTED).body(body);
                });
    }

    private RequestFields parse(String body) {
        if (body.isBlank()) {
            return RequestFields.of(null);
        }
        try {
            return RequestFields.of(json.readTree(body));
        } catch (JacksonException e) {
            throw new ApiException(400, ErrorCodes.INVALID_JSON, "The request body is not valid JSON");
        }
    }

    private Mono<Integer> send(Caller caller, List<MeterEventRequest> events) {
        return publisher
                .send(events)
                .onErrorResume(error -> LogContext.mapError(error, cause -> {
                    log.warn(
                            "meter events not sent merchantId={} mode={} events={} error=\"{}\"",
                            caller.merchantId(),
                            caller.mode(),
                            events.size(),
                            cause.toString());
                    return new ApiException(
                            503,
                            ErrorCodes.SERVICE_UNAVAILABLE,
                            "The meter events could not be recorded; retry shortly (with the same identifiers, so none"
                                    + " counts twice)",
                            null,
                            RETRY_AFTER);
                }));
    }
}
