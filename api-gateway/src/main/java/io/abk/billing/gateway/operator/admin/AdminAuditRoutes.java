package io.abk.billing.gateway.operator.admin;

import io.abk.billing.gateway.controlplane.audit.AuditJson;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.auth.Operator;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
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
        var merchantId = ListFilters.id(query, "merchantId", IdPrefix.MERCHANT);
        return audit.list(merchantId, page)
                .map(found -> found.map(AuditJson::entry).body("entries"));
    }
}
