package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.ChargeResult;
import io.abk.billing.client.model.Invoice;
import io.abk.billing.client.model.InvoicePreview;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.UpcomingInvoiceParams;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** Invoices: read and list them, charge one again, refund or void it. */
public final class InvoiceService {

    private final Transport transport;

    public InvoiceService(Transport transport) {
        this.transport = transport;
    }

    /** One page of invoices, newest first (filter: subscriptionId). */
    public Page<Invoice> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listInvoices")
    public Page<Invoice> list(ListParams params, RequestOptions options) {
        return transport.page("/v1/invoices", params, options, "invoices", Invoice.class, Invoice::id);
    }

    /** The invoice {@code id}. */
    public Invoice retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getInvoice")
    public Invoice retrieve(String id, RequestOptions options) {
        return transport.call("GET", "/v1/invoices/" + Transport.segment(id), null, options, null, Invoice.class);
    }

    /**
     * The next invoice of a subscription as it would be made, with a proposed change of amount or price applied as of
     * now (a draft: nothing is stored).
     */
    public InvoicePreview upcoming(UpcomingInvoiceParams params) {
        return upcoming(params, RequestOptions.NONE);
    }

    /** See {@link #upcoming(UpcomingInvoiceParams)}; with this call's options. */
    @Operation("getUpcomingInvoice")
    public InvoicePreview upcoming(UpcomingInvoiceParams params, RequestOptions options) {
        return transport.get("/v1/invoices/upcoming", params.query(), options, InvoicePreview.class);
    }

    /** Charges an open invoice now through the mandate ({@code sandboxMode} only in test mode). */
    public ChargeResult charge(String id, @Nullable String sandboxMode) {
        return charge(id, sandboxMode, RequestOptions.NONE);
    }

    /** See {@link #charge(String, String)}; with this call's options. */
    @Operation("chargeInvoice")
    public ChargeResult charge(String id, @Nullable String sandboxMode, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/invoices/" + Transport.segment(id) + "/charge",
                Bodies.of("sandboxMode", sandboxMode),
                options,
                null,
                ChargeResult.class);
    }

    /** Refunds a paid invoice, in whole ({@code amountUsdc} null) or in part. */
    public Invoice refund(String id, @Nullable BigDecimal amountUsdc) {
        return refund(id, amountUsdc, RequestOptions.NONE);
    }

    /** See {@link #refund(String, BigDecimal)}; with this call's options. */
    @Operation("refundInvoice")
    public Invoice refund(String id, @Nullable BigDecimal amountUsdc, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/invoices/" + Transport.segment(id) + "/refund",
                Bodies.of("amountUsdc", amountUsdc),
                options,
                "invoice",
                Invoice.class);
    }

    /** Voids an open invoice. */
    public Invoice voidInvoice(String id) {
        return voidInvoice(id, RequestOptions.NONE);
    }

    /** See {@link #voidInvoice(String)}; with this call's options. */
    @Operation("voidInvoice")
    public Invoice voidInvoice(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/invoices/" + Transport.segment(id) + "/void",
                Bodies.EMPTY,
                options,
                "invoice",
                Invoice.class);
    }
}
