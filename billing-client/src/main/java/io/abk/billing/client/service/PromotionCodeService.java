package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.PromotionCode;
import io.abk.billing.client.param.PromotionCodeCreateParams;
import io.abk.billing.client.param.PromotionCodeListParams;

/** Promotion codes: what customers type for a coupon, unique in any case within the key's merchant and mode. */
public final class PromotionCodeService {

    private final Transport transport;

    public PromotionCodeService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a code of a coupon; one the mode has already is 409 {@code promotion_code_exists}. */
    public PromotionCode create(PromotionCodeCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(PromotionCodeCreateParams)}; with this call's options. */
    @Operation("createPromotionCode")
    public PromotionCode create(PromotionCodeCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/promotion_codes", params, options, "promotionCode", PromotionCode.class);
    }

    /** One page of codes, newest first (filters: code, couponId). */
    public Page<PromotionCode> list(PromotionCodeListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(PromotionCodeListParams)}; with this call's options. */
    @Operation("listPromotionCodes")
    public Page<PromotionCode> list(PromotionCodeListParams params, RequestOptions options) {
        return transport.page(
                "/v1/promotion_codes",
                params.toListParams(),
                options,
                "promotionCodes",
                PromotionCode.class,
                PromotionCode::id);
    }

    /** The promotion code {@code id}. */
    public PromotionCode retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getPromotionCode")
    public PromotionCode retrieve(String id, RequestOptions options) {
        return transport.call(
                "GET",
                "/v1/promotion_codes/" + Transport.segment(id),
                null,
                options,
                "promotionCode",
                PromotionCode.class);
    }

    /** Customers can no longer enter it; discounts it gave stay. */
    public PromotionCode deactivate(String id) {
        return deactivate(id, RequestOptions.NONE);
    }

    /** See {@link #deactivate(String)}; with this call's options. */
    @Operation("deactivatePromotionCode")
    public PromotionCode deactivate(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/promotion_codes/" + Transport.segment(id) + "/deactivate",
                Bodies.EMPTY,
                options,
                "promotionCode",
                PromotionCode.class);
    }
}
