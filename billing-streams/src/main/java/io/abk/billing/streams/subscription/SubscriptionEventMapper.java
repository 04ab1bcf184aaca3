package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.Funding;
import io.abk.billing.schemas.avro.FundingCheckRequest;
import io.abk.billing.schemas.avro.PermitRequest;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.SignedCancelRequest;
import io.abk.billing.schemas.avro.SignedMandateRequest;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.UpcomingInvoice;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.customer.EnsureCustomerMapper;
import io.abk.billing.streams.subscription.domain.CustomerRequest;
import io.abk.billing.streams.subscription.domain.Invoice;
import io.abk.billing.streams.subscription.domain.Settlement;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.AllowanceLow;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.DiscountApplied;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceFinalized;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaid;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoicePaymentFailed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceRefunded;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceReopened;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceVoided;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.Published;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RefundRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RenewalUpcoming;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionActivated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionPaused;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionResumed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionUpdated;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.WalletFunding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the events of an accepted command send out, as Avro: the public {@link BillingEvent}s (docs/architecture.md,
 * "Webhooks"; the aggregate's own bookkeeping events are not published) and the settlements it started, as
 * {@link ChainRequest}s, and the customer a new subscription's wallet ensures. An event's data holds snapshots of the aggregate after the whole command, so every event of
 * one command shows the same version; invoice events carry their invoice too, a failed payment or a reopened invoice
 * its failure and a refund its amount. Event ids derive from the command id and the published event's position, so a
 * reprocessed command mints the same ids and receivers can dedupe.
 */
final class SubscriptionEventMapper {

    private SubscriptionEventMapper() {}

    /**
     * The customer of a created subscription's wallet, as an {@code EnsureCustomer} for
     * {@code billing.customer-commands} (keyed by customer id), its id derived from the create's.
     */
    static List<CustomerCommand> customers(SubscriptionCommand envelope, List<SubscriptionEvent> events) {
        var out = new ArrayList<CustomerCommand>();
        for (var event : events) {
            if (event instanceof SubscriptionCreated created
                    && !created.subscription().wallets().customer().isBlank()) {
                out.add(EnsureCustomerMapper.ensure(
                        envelope.getCommandId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        envelope.getRequestedAt(),
                        envelope.getRequestId(),
                        created.subscription().wallets().customer(),
                        null));
            }
        }
        return out;
    }

    static List<BillingEvent> toBillingEvents(
            CommandHeader header, List<SubscriptionEvent> events, Existing after, long version, PortalLinks portal) {
        var portalUrl = portal.signIn(
                after.details().tenant().merchantId(), after.details().tenant().mode());
        var subscription = SubscriptionSnapshotMapper.snapshot(after, version);
        return EventIds.published(
                header,
                events,
                Published.class,
                () -> EventData.newBuilder().setSubscription(subscription),
                (event, data) -> switch (event) {
                    case SubscriptionCreated e -> "subscription.created";
                    case SubscriptionActivated e -> "subscription.activated";
                    case SubscriptionUpdated e -> "subscription.updated";
                    case DiscountApplied e -> "subscription.updated";
                    case SubscriptionPastDue e -> "subscription.past_due";
                    case SubscriptionCanceled e -> "subscription.canceled";
                    case SubscriptionPaused e -> "subscription.paused";
                    case SubscriptionResumed e -> "subscription.resumed";
                    case InvoiceCreated e -> invoice(data, after, e.invoice(), version, "invoice.created");
                    case InvoicePaid e -> invoice(data, after, e.invoice(), version, "invoice.paid");
                    case InvoiceVoided e -> invoice(data, after, e.invoice(), version, "invoice.voided");
                    case InvoiceFinalized e -> invoice(data, after, e.invoice(), version, "invoice.finalized");
                    case InvoicePaymentFailed e -> {
                        data.setFailureCode(e.failure().code())
                                .setFailureMessage(e.failure().message());
                        yield invoice(data, after, e.invoice(), version, "invoice.payment_failed");
                    }
                    case InvoiceReopened e -> {
                        data.setFailureCode(e.failure().code())
                                .setFailureMessage(e.failure().message());
                        yield invoice(data, after, e.invoice(), version, "invoice.reopened");
                    }
                    case InvoiceRefunded e -> {
                        data.setRefundAmountMicros(e.refundAmount().micros());
                        yield invoice(data, after, e.invoice(), version, "invoice.refunded");
                    }
                    case RenewalUpcoming e -> {
                        data.setUpcomingInvoice(UpcomingInvoice.newBuilder()
                                        .setAmountMicros(e.amount().micros())
                                        .setPeriodStart(e.upcoming().start())
                                        .setPeriodEnd(e.upcoming().end())
                                        .setDueAt(e.upcoming().start())
                                        .build())
                                .setFunding(e.funding() == null ? null : funding(e.required(), e.funding()))
                                .setPortalUrl(portalUrl);
                        yield "invoice.upcoming";
                    }
                    case AllowanceLow e -> {
                        data.setFunding(funding(e.amount(), e.funding())).setPortalUrl(portalUrl);
                        yield "subscription.allowance_low";
                    }
                });
    }

    private static Funding funding(UsdcAmount required, WalletFunding wallet) {
        return Funding.newBuilder()
                .setRequiredMicros(required.micros())
                .setBalanceMicros(wallet.balanceMicros())
                .setAllowanceMicros(wallet.allowanceMicros())
                .setChargesLeft(wallet.chargesLeft())
                .setBlockNumber(wallet.blockNumber())
                .build();
    }

    private static String invoice(EventData.Builder data, Existing after, Invoice invoice, long version, String type) {
        data.setInvoice(InvoiceSnapshotMapper.snapshot(invoiceIn(after, invoice), after.details(), version));
        return type;
    }

    /** The invoice as it stands after the command (a later event of the same command may have changed it). */
    private static Invoice invoiceIn(Existing after, Invoice invoice) {
        return after.details()
                .invoice(invoice.id())
                .orElseThrow(
                        () -> new IllegalStateException("invoice " + invoice.id() + " vanished from " + after.id()));
    }

    /**
     * The settlements a command asked for, as {@link ChainRequest}s for {@code chain.requests} (keyed by invoice id; a
     * signed mandate, a customer's action and a funding check by subscription id).
     * Money always moves between the customer's wallet and the merchant's payout address: charged from the one to the
     * other, refunded the other way. The mandate's on-chain id is the one after the command.
     */
    static List<ChainRequest> toChainRequests(List<SubscriptionEvent> events, Existing after) {
        var out = new ArrayList<ChainRequest>();
        for (var event : events) {
            switch (event) {
                case ChargeRequested charge ->
                    out.add(request(charge.settlement(), after)
                            .setPayload(new ChargeRequest(charge.sandboxMode(), charge.sandboxDefaultOutcome()))
                            .build());
                case RefundRequested refund ->
                    out.add(request(refund.settlement(), after)
                            .setPayload(new RefundRequest(refund.originalTxHash()))
                            .build());
                case MandateSignatureRequested mandate -> out.add(mandateRequest(mandate, after));
                case CustomerActionRequested action -> out.add(customerRequest(action, after));
                case FundingCheckRequested check -> out.add(fundingRequest(check, after));
                default -> {}
            }
        }
        return out;
    }

    /**
     * A signed mandate for the vault's {@code subscribeBySignature}, keyed by subscription id like its answer: the
     * customer is the signer, the merchant the payout address, the amount one period's as signed (a metered
     * subscription's maximum per period).
     */
    private static ChainRequest mandateRequest(MandateSignatureRequested requested, Existing after) {
        var d = after.details();
        var signature = requested.signature();
        var signed = requested.signed();
        var permit = signed.permit();
        var first = requested.firstCharge();
        return ChainRequest.newBuilder()
                .setRequestId(signature.requestId(d.id()))
                .setResultCommandId(signature.resultCommandId(d.id()))
                .setSubscriptionId(d.id())
                .setInvoiceId(null)
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setRequestedAt(signature.submission().submittedAt())
                .setAmountMicros(d.plan().mandateAmount().micros())
                .setWalletAddress(signature.wallet())
                .setPayoutAddress(d.wallets().payout())
                .setOnChainSubscriptionId(null)
                .setPayload(SignedMandateRequest.newBuilder()
                        .setPeriodMonths(signed.periodMonths())
                        .setFirstChargeAtSeconds(signed.firstChargeAtSeconds())
                        .setPeriods(signed.periods())
                        .setDeadlineSeconds(signed.deadlineSeconds())
                        .setNonce(signed.nonce())
                        .setSignature(signed.signature())
                        .setPermitValueBaseUnits(permit == null ? null : permit.valueBaseUnits())
                        .setPermitDeadlineSeconds(permit == null ? null : permit.deadlineSeconds())
                        .setPermitSignature(permit == null ? null : permit.signature())
                        .setFirstChargeInvoiceId(first == null ? null : first.invoiceId())
                        .setFirstChargeAmountMicros(
                                first == null ? null : first.amount().micros())
                        .build())
                .build();
    }

    /**
     * A customer's signed action for the relayer, keyed by subscription id like its answer: a signed cancel for the
     * vault's {@code cancelBySignature} or a permit for the token, the customer's wallet the signer, the mandate's
     * on-chain id the one it acts on.
     */
    private static ChainRequest customerRequest(CustomerActionRequested requested, Existing after) {
        var d = after.details();
        var action = requested.action();
        var payload = switch (requested.request()) {
            case CustomerRequest.SignedCancel cancel ->
                new SignedCancelRequest(cancel.deadlineSeconds(), cancel.signature());
            case CustomerRequest.Permit permit ->
                new PermitRequest(permit.valueBaseUnits(), permit.deadlineSeconds(), permit.signature());
        };
        return ChainRequest.newBuilder()
                .setRequestId(action.requestId(d.id()))
                .setResultCommandId(action.resultCommandId(d.id()))
                .setSubscriptionId(d.id())
                .setInvoiceId(null)
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setRequestedAt(action.submission().submittedAt())
                .setAmountMicros(d.plan().amount().micros())
                .setWalletAddress(requested.request().wallet().toLowerCase(Locale.ROOT))
                .setPayoutAddress(d.wallets().payout())
                .setOnChainSubscriptionId(d.mandate().onChainSubscriptionId())
                .setPayload(payload)
                .build();
    }

    /**
     * A funding check for chain-indexer to read (it sends nothing), keyed by subscription id like its answer: the
     * customer's wallet, the vault reference, the renewal's amount.
     */
    private static ChainRequest fundingRequest(FundingCheckRequested requested, Existing after) {
        var d = after.details();
        var check = requested.check();
        var wallet = d.wallets().customer();
        return ChainRequest.newBuilder()
                .setRequestId(check.requestId(d.id()))
                .setResultCommandId(check.resultCommandId(d.id()))
                .setSubscriptionId(d.id())
                .setInvoiceId(null)
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setRequestedAt(check.requestedAt())
                .setAmountMicros(requested.amount().micros())
                .setWalletAddress(wallet.isBlank() ? null : wallet.toLowerCase(Locale.ROOT))
                .setPayoutAddress(d.wallets().payout())
                .setOnChainSubscriptionId(d.mandate().onChainSubscriptionId())
                .setPayload(new FundingCheckRequest(check.periodEnd(), requested.sandboxOutcome()))
                .build();
    }

    private static ChainRequest.Builder request(Settlement settlement, Existing after) {
        var d = after.details();
        return ChainRequest.newBuilder()
                .setRequestId(settlement.requestId())
                .setResultCommandId(settlement.resultCommandId())
                .setSubscriptionId(d.id())
                .setInvoiceId(settlement.invoiceId())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setRequestedAt(settlement.requestedAt())
                .setAmountMicros(settlement.amount().micros())
                .setWalletAddress(d.wallets().customer())
                .setPayoutAddress(d.wallets().payout())
                .setOnChainSubscriptionId(d.mandate().onChainSubscriptionId());
    }
}
