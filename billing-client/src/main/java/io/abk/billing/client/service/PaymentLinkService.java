package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.PaymentLink;
import io.abk.billing.client.model.PaymentLinkWithUrl;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.PaymentLinkCreateParams;

/** Payment links: a reusable checkout URL that makes a payment per use. */
public final class PaymentLinkService {

    private final Transport transport;

    public PaymentLinkService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a payment link. */
    public PaymentLinkWithUrl create(PaymentLinkCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(PaymentLinkCreateParams)}; with this call's options. */
    @Operation("createPaymentLink")
    public PaymentLinkWithUrl create(PaymentLinkCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/payment-links", params, options, null, PaymentLinkWithUrl.class);
    }

    /** One page of payment links, newest first (filter: status). */
    public Page<PaymentLink> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listPaymentLinks")
    public Page<PaymentLink> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/payment-links", params, options, "paymentLinks", PaymentLink.class, PaymentLink::id);
    }

    /** The payment link {@code id} with its URL. */
    public PaymentLinkWithUrl retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getPaymentLink")
    public PaymentLinkWithUrl retrieve(String id, RequestOptions options) {
        return transport.call(
                "GET", "/v1/payment-links/" + Transport.segment(id), null, options, null, PaymentLinkWithUrl.class);
    }

    /** Disables the link: it opens no more payments. */
    public PaymentLinkWithUrl disable(String id) {
        return disable(id, RequestOptions.NONE);
    }

    /** See {@link #disable(String)}; with this call's options. */
    @Operation("disablePaymentLink")
    public PaymentLinkWithUrl disable(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/payment-links/" + Transport.segment(id) + "/disable",
                Bodies.EMPTY,
                options,
                null,
                PaymentLinkWithUrl.class);
    }
}
