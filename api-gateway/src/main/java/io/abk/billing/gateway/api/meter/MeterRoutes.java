package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/meters}: create (201, the meter; 409 {@code meter_exists} for an event name the mode has), get, list
 * ({@code {meters, hasMore}}, newest first) and deactivate (the meter), in the API key's mode.
 */
@RestController
@RequestMapping("/v1/meters")
public class MeterRoutes {

    private final MeterService meters;

    public MeterRoutes(MeterService meters) {
        this.meters = meters;
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            var request = CreateMeterRequest.parse(RequestFields.of(body));
            return meters.create(caller, request, CommandIdentity.of(exchange).orElse(null))
                    .map(meter -> ResponseEntity.status(HttpStatus.CREATED).body(wrap(meter)));
        });
    }

    @GetMapping("/{id}")
    public Mono<Map<String, @Nullable Object>> get(Caller caller, @PathVariable String id) {
        return meters.get(caller, id).map(MeterRoutes::wrap);
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> meters.list(caller, PageRequest.from(query, IdPrefix.METER))
                .map(found -> found.map(Meter::json).body("meters")));
    }

    /** Deactivates the meter: its events are refused with 400 {@code meter_inactive} from now on. */
    @PostMapping("/{id}/deactivate")
    public Mono<Map<String, @Nullable Object>> deactivate(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            // No field is read, but a body that is not an object is refused, as on every route.
            RequestFields.of(body);
            return meters.deactivate(caller, id).map(MeterRoutes::wrap);
        });
    }

    private static Map<String, @Nullable Object> wrap(Meter meter) {
        return meter.json();
    }
}
