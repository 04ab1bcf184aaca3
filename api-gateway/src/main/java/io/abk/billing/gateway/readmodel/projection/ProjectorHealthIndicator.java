package io.abk.billing.gateway.readmodel.projection;

import java.util.LinkedHashMap;
import java.util.stream.Collectors;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health {@code projector}: UP once the projector has joined its group, positioned its partitions (a member with no
 * partitions counts) and caught up with them ({@link ChangeProjector#caughtUp()}), DOWN while it cannot reach Kafka or
 * PostgreSQL, or holds a partition at a change it cannot decode. The outcome {@code LISTEN} connection and the
 * changes it has still to apply ({@code backlog}) are shown as details.
 */
public final class ProjectorHealthIndicator implements HealthIndicator {

    private final ChangeProjector projector;
    private final OutcomeNotifications notifications;
    private final OutcomeWaiter waiter;
    private final String groupId;

    public ProjectorHealthIndicator(
            ChangeProjector projector, OutcomeNotifications notifications, OutcomeWaiter waiter, String groupId) {
        this.projector = projector;
        this.notifications = notifications;
        this.waiter = waiter;
        this.groupId = groupId;
    }

    @Override
    public Health health() {
        var state = projector.state();
        var undecodable = projector.undecodablePositions();
        var stats = projector.stats();
        var details = new LinkedHashMap<String, Object>();
        details.put("state", state.name());
        details.put("group", groupId);
        details.put(
                "partitions",
                projector.assignment().stream().map(p -> p.partition()).sorted().toList());
        var backlog = projector.backlog();
        details.put("backlog", backlog == ProjectorBacklog.UNKNOWN ? "unknown" : backlog);
        details.put("caughtUp", projector.caughtUp());
        details.put("changesApplied", stats.changes());
        details.put("batches", stats.batches());
        details.put("lastBatchSize", stats.lastBatchSize());
        details.put("lastBatchMicros", stats.lastBatchMicros());
        details.put("listening", notifications.isListening());
        details.put("waitingRequests", waiter.pendingCount());
        if (!undecodable.isEmpty()) {
            details.put(
                    "heldAtUndecodableChange",
                    undecodable.entrySet().stream()
                            .collect(Collectors.toMap(e -> e.getKey().toString(), e -> e.getValue())));
        }
        var lastError = projector.lastError();
        if (lastError != null) {
            details.put("lastError", lastError);
        }
        var up = state == ChangeProjector.State.RUNNING && undecodable.isEmpty() && projector.caughtUp();
        return (up ? Health.up() : Health.down()).withDetails(details).build();
    }
}
