package io.abk.billing.gateway.api;

import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.web.Caller;
import java.time.Instant;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The audit entry of a change a caller (an API key, or a team member through the dashboard) made to a resource of its
 * merchant and mode: the key's or the member's id is the actor, the resource its target. Like {@link AuditLog#record}, it runs inside the transaction of the change.
 */
@Component
public final class CallerAudit {

    private final AuditLog audit;

    public CallerAudit(AuditLog audit) {
        this.audit = audit;
    }

    /** @param targetType the resource's type ({@code product}, {@code webhook_endpoint}, ...) */
    public Mono<Void> record(
            Caller caller, Instant at, String action, String targetType, String targetId, Map<String, ?> details) {
        var target =
                new AuditLog.Target(targetType, targetId, caller.merchantId(), ApiKeyFormat.modeText(caller.mode()));
        return audit.record(at, caller.actorId(), action, target, details);
    }
}
