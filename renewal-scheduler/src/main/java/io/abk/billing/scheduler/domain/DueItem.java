package io.abk.billing.scheduler.domain;

import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;

/**
 * One command to send at {@code dueAt}: to the aggregate {@code aggregateId} (subscription, payment or link id), for
 * the resource {@code resourceId} it was derived from (the invoice for a charge), with a command id derived from
 * what it is about, so firing it twice sends the same command, which the aggregate applies once.
 */
public record DueItem(
        String resourceId,
        String aggregateId,
        String merchantId,
        Mode mode,
        Instant dueAt,
        String commandId,
        DueAction action) {

    public DueKind kind() {
        return action.kind();
    }
}
