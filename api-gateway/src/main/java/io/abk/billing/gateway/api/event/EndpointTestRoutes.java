package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.platform.web.Caller;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.util.RawValue;

/** A test event sent to one webhook endpoint (docs/api.md, "Webhook endpoints"); {@link EndpointTestService} says how. */
@RestController
public class EndpointTestRoutes {

    private final EndpointTestService service;

    public EndpointTestRoutes(EndpointTestService service) {
        this.service = service;
    }

    /** 202: the delivery is on the topic (acknowledged), not yet attempted; the answer is the event as delivered. */
    @PostMapping("/v1/webhook_endpoints/{id}/test")
    public Mono<ResponseEntity<Map<String, Object>>> send(
            Caller caller, @PathVariable String id, ServerWebExchange exchange) {
        return service.send(caller, id, CommandIdentity.of(exchange).orElse(null))
                .map(payload ->
                        ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("event", new RawValue(payload))));
    }
}
