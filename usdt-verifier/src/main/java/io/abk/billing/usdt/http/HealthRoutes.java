package io.abk.billing.usdt.http;

import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /health}, open: the process answers. Its parts' readiness (Kafka Streams, the outcome feed) is in
 * {@code /actuator/health}.
 */
@RestController
public class HealthRoutes {

    @GetMapping("/health")
    public Map<String, String> health() {
        return Map.of("status", "ok");
    }
}
