package io.abk.billing.gateway.api.usage;

import java.util.LinkedHashMap;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health {@code usageSummaries}: UP while the usage read model's projector ({@link UsageSummaryProjector}) is at work and
 * its last poll or batch went through, DOWN while it fails (Kafka or PostgreSQL unreachable) or after its thread ended,
 * with the summaries applied and the undecodable records it passed over as details. It is left out of the readiness
 * group: a stale usage read is no reason to stop taking the API's requests, but it shows on {@code /actuator/health}.
 */
public final class UsageSummariesHealthIndicator implements HealthIndicator {

    private final UsageSummaryProjector projector;

    public UsageSummariesHealthIndicator(UsageSummaryProjector projector) {
        this.projector = projector;
    }

    @Override
    public Health health() {
        var details = new LinkedHashMap<String, Object>();
        var alive = projector.alive();
        details.put("group", projector.groupId());
        details.put("running", alive);
        details.put("summariesApplied", projector.applied());
        details.put("undecodableSkipped", projector.undecodable());
        var lastError = projector.lastError();
        if (lastError != null) {
            details.put("lastError", lastError);
        }
        var up = alive && lastError == null;
        return (up ? Health.up() : Health.down()).withDetails(details).build();
    }
}
