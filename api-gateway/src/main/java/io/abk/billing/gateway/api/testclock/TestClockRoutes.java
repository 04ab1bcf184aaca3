package io.abk.billing.gateway.api.testclock;

import io.abk.billing.gateway.controlplane.clock.ClockState;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.render.ApiJson;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/test_clock} (README.md, "Test clocks"), test keys only (live: 403 {@code test_mode_only}): read the
 * merchant's clock, or change it ({@code {frozenAt}}, {@code {frozenAt: null}} or {@code {advanceBySeconds}}).
 * Both answer {@code {object: "test_clock", frozenAt, effectiveNow, createdAt, updatedAt}}.
 */
@RestController
@RequestMapping("/v1/test_clock")
public class TestClockRoutes {

    private final TestClockService service;
    private final EffectiveClock clock;

    public TestClockRoutes(TestClockService service, EffectiveClock clock) {
        this.service = service;
        this.clock = clock;
    }

    @GetMapping
    public Mono<Map<String, @Nullable Object>> get(Caller caller) {
        return Mono.defer(() -> {
            requireTestMode(caller);
            return service.current(caller.merchantId()).map(this::body);
        });
    }

    @PostMapping
    public Mono<Map<String, @Nullable Object>> change(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            requireTestMode(caller);
            var change = TestClockRequest.parse(RequestFields.of(body));
            return service.change(caller, change).map(this::body);
        });
    }

    private Map<String, @Nullable Object> body(ClockState state) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("object", "test_clock");
        body.put("frozenAt", ApiJson.timestamp(state.frozenAt()));
        body.put("effectiveNow", ApiJson.timestamp(state.effectiveNow(clock.wallNow())));
        body.put("createdAt", ApiJson.timestamp(state.createdAt()));
        body.put("updatedAt", ApiJson.timestamp(state.updatedAt()));
        return body;
    }

    private static void requireTestMode(Caller caller) {
        if (!caller.isTest()) {
            throw new ApiException(
                    403,
                    ErrorCodes.TEST_MODE_ONLY,
                    "Test clocks are for test mode only: use a test key (abk_test_...)");
        }
    }
}
