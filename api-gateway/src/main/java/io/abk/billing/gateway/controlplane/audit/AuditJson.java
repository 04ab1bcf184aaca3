package io.abk.billing.gateway.controlplane.audit;

import io.abk.billing.schemas.render.ApiJson;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** An audit entry as the operator API shows it. */
public final class AuditJson {

    private AuditJson() {}

    public static Map<String, @Nullable Object> entry(AuditEntry e) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", e.id());
        json.put("at", ApiJson.timestamp(e.at()));
        json.put("actor", e.actor());
        json.put("action", e.action());
        json.put("merchantId", e.merchantId());
        json.put("mode", e.mode());
        json.put("targetType", e.targetType());
        json.put("targetId", e.targetId());
        json.put("details", e.details());
        return json;
    }
}
