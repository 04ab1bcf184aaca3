package io.abk.billing.gateway.projection;

import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.render.ApiJson;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders snapshots as the API's JSON text ({@link ApiJson}), with object keys in PostgreSQL {@code jsonb}'s
 * own order (shorter keys first, then byte-wise). The read model stores bodies as {@code jsonb}, which reorders
 * keys that way; writing them in that order up front makes a resource read back from the database identical to
 * the one handed over in-process, so a response looks the same whichever path served it.
 */
public final class SnapshotJson {

    /** jsonb's key order: by UTF-8 length, then by unsigned bytes. */
    static final Comparator<String> JSONB_KEY_ORDER = Comparator
            .comparingInt((String key) -> key.getBytes(StandardCharsets.UTF_8).length)
            .thenComparing((a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private SnapshotJson() {
    }

    public static String subscription(SubscriptionSnapshot snapshot) {
        return write(ApiJson.subscription(snapshot));
    }

    public static String invoice(InvoiceSnapshot snapshot) {
        return write(ApiJson.invoice(snapshot));
    }

    static String write(Map<String, @Nullable Object> object) {
        return MAPPER.writeValueAsString(inJsonbOrder(object));
    }

    private static Map<String, @Nullable Object> inJsonbOrder(Map<?, ?> object) {
        var ordered = new TreeMap<String, @Nullable Object>(JSONB_KEY_ORDER);
        object.forEach((key, value) -> ordered.put((String) key, value instanceof Map<?, ?> nested ? inJsonbOrder(nested) : value));
        return ordered;
    }
}
