package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.schemas.render.ApiJson;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An API key as the operator API shows it: never its hash, and its secret only right after issuing; {@code lastUsedAt}
 * to the minute ({@link ApiKeyUsage}).
 */
public final class ApiKeyJson {

    private ApiKeyJson() {}

    public static Map<String, @Nullable Object> apiKey(StoredApiKey k, Instant now) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", k.id());
        json.put("merchantId", k.merchantId());
        json.put("mode", ApiJson.mode(k.mode()));
        json.put("hint", k.hint());
        json.put("status", k.status(now));
        json.put("createdAt", ApiJson.timestamp(k.createdAt()));
        json.put("expiresAt", ApiJson.timestamp(k.expiresAt()));
        json.put("revokedAt", ApiJson.timestamp(k.revokedAt()));
        json.put("rotatedFromId", k.rotatedFromId());
        json.put("lastUsedAt", ApiJson.timestamp(k.lastUsedAt()));
        return json;
    }

    /** {@code {apiKey, secret}}: the answer to creating or rotating a key. */
    public static Map<String, @Nullable Object> issued(IssuedApiKey issued, Instant now) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("apiKey", apiKey(issued.key(), now));
        json.put("secret", issued.secret());
        return json;
    }
}
