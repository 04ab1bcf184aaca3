package io.abk.billing.gateway.operator.admin;

import io.abk.billing.gateway.controlplane.audit.AuditJson;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.auth.Operator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.util.Map;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /admin/v1/audit_log?merchantId=&limit=&startingAfter=}: control-plane changes, newest first. */
@RestController
public class AdminAuditRoutes {

    private final AuditLog audit;

    public AdminAuditRoutes(AuditLog audit) {
        this.audit = audit;
    }

    @GetMapping("/admin/v1/audit_log")
    public Mono<Map<String, Object>> list(Operator operator, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, IdPrefix.AUDIT_ENTRY);
        var merchantId = query.getFirst("merchantId");
        if (merchantId != null && !Ids.isWellFormed(IdPrefix.MERCHANT, merchantId)) {
            throw ApiException.invalid("merchantId", "merchantId must be a mer_ id");
        }
        return audit.list(merchantId, page)
                .map(found -> found.map(AuditJson::entry).body("entries"));
    }
}
