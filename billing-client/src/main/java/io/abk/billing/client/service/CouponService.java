package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Coupon;
import io.abk.billing.client.param.CouponCreateParams;
import io.abk.billing.client.param.ListParams;

/** Coupons: a discount subscriptions redeem by id ({@code couponId}) or through a promotion code. */
public final class CouponService {

    private final Transport transport;

    public CouponService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a coupon (event {@code coupon.created}). */
    public Coupon create(CouponCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(CouponCreateParams)}; with this call's options. */
    @Operation("createCoupon")
    public Coupon create(CouponCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/coupons", params, options, "coupon", Coupon.class);
    }

    /** One page of coupons, newest first. */
    public Page<Coupon> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listCoupons")
    public Page<Coupon> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/coupons", params, options, "coupons", Coupon.class, Coupon::id);
    }

    /** The coupon {@code id}. */
    public Coupon retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getCoupon")
    public Coupon retrieve(String id, RequestOptions options) {
        return transport.call("GET", "/v1/coupons/" + Transport.segment(id), null, options, "coupon", Coupon.class);
    }

    /** No more redemptions; subscriptions that have its discount keep it. Disabling it again changes nothing. */
    public Coupon disable(String id) {
        return disable(id, RequestOptions.NONE);
    }

    /** See {@link #disable(String)}; with this call's options. */
    @Operation("disableCoupon")
    public Coupon disable(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/coupons/" + Transport.segment(id) + "/disable",
                Bodies.EMPTY,
                options,
                "coupon",
                Coupon.class);
    }
}
