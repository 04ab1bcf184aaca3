package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.CreatedPayment;
import io.abk.billing.client.model.Payment;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.PaymentCreateParams;

/** One-off payments: create one with its checkout URL, read and list them. */
public final class PaymentService {

    private final Transport transport;

    public PaymentService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a payment; the answer holds it and its checkout URL. */
    public CreatedPayment create(PaymentCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(PaymentCreateParams)}; with this call's options. */
    @Operation("createPayment")
    public CreatedPayment create(PaymentCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/payments", params, options, null, CreatedPayment.class);
    }

    /** One page of payments, newest first (filter: status). */
    public Page<Payment> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listPayments")
    public Page<Payment> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/payments", params, options, "payments", Payment.class, Payment::id);
    }

    /** The payment {@code id}. */
    public Payment retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getPayment")
    public Payment retrieve(String id, RequestOptions options) {
        return transport.call("GET", "/v1/payments/" + Transport.segment(id), null, options, "payment", Payment.class);
    }
}
