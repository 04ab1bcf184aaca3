package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.render.ApiJson;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders snapshots as the API's JSON text ({@link ApiJson}), keys in the renderer's reading order (id, object,
 * status, amounts, ...). The read model stores the text as {@code json}, which keeps it byte for byte, so a
 * resource read back from the database is identical to the one handed over in-process.
 */
public final class SnapshotJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private SnapshotJson() {}

    public static String subscription(SubscriptionSnapshot snapshot) {
        return write(ApiJson.subscription(snapshot));
    }

    public static String invoice(InvoiceSnapshot snapshot) {
        return write(ApiJson.invoice(snapshot));
    }

    public static String payment(PaymentSnapshot snapshot) {
        return write(ApiJson.payment(snapshot));
    }

    public static String paymentLink(PaymentLinkSnapshot snapshot) {
        return write(ApiJson.paymentLink(snapshot));
    }

    public static String customer(CustomerSnapshot snapshot) {
        return write(ApiJson.customer(snapshot));
    }

    public static String coupon(CouponSnapshot snapshot) {
        return write(ApiJson.coupon(snapshot));
    }

    public static String promotionCode(PromotionCodeSnapshot snapshot) {
        return write(ApiJson.promotionCode(snapshot));
    }

    static String write(Map<String, @Nullable Object> object) {
        return MAPPER.writeValueAsString(object);
    }
}
