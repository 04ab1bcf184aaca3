package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.RecordLinkPayment;
import io.abk.billing.schemas.avro.RecordLinkPaymentReopened;
import io.abk.billing.schemas.avro.TransferAuthorizationRequest;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.customer.EnsureCustomerMapper;
import io.abk.billing.streams.payment.domain.LinkConversion;
import io.abk.billing.streams.payment.domain.PaymentEvent;
import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationRequested;
import io.abk.billing.streams.payment.domain.PaymentEvent.LinkConversionReported;
import io.abk.billing.streams.payment.domain.PaymentEvent.PayerIdentified;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentCreated;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentReopened;
import io.abk.billing.streams.payment.domain.PaymentEvent.Published;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationRequested;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the events of an accepted payment command send out, as Avro: the public events ({@code payment.created},
 * {@code payment.paid}, {@code payment.reopened}, with the payment after the whole command), the verification it
 * asked for (a {@link ChainRequest} keyed by payment id), what a link-minted payment reports to its link (paid, or
 * reopened), the payout address a new payment makes the chain indexer watch, and the customer of the wallet a
 * payment first knows.
 */
final class PaymentEventMapper {

    private PaymentEventMapper() {}

    static List<BillingEvent> toBillingEvents(CommandHeader header, List<PaymentEvent> events, PaymentSnapshot after) {
        return EventIds.published(
                header,
                events,
                Published.class,
                () -> EventData.newBuilder().setPayment(after),
                (event, data) -> switch (event) {
                    case PaymentCreated e -> "payment.created";
                    case PaymentPaid e -> "payment.paid";
                    case PaymentReopened e -> {
                        data.setFailureCode(e.failureCode()).setFailureMessage(e.failureMessage());
                        yield "payment.reopened";
                    }
                });
    }

    /**
     * The verification asked for: the transfer must carry at least the payment's amount to its payout address; the
     * customer's wallet is the payer if known.
     */
    static List<ChainRequest> toChainRequests(List<PaymentEvent> events, Existing after) {
        var d = after.details();
        var out = new ArrayList<ChainRequest>();
        for (var event : events) {
            if (event instanceof VerificationRequested requested) {
                Verification v = requested.verification();
                out.add(ChainRequest.newBuilder()
                        .setRequestId(v.requestId())
                        .setResultCommandId(v.resultCommandId())
                        .setSubscriptionId(null)
                        .setInvoiceId(null)
                        .setPaymentId(d.id())
                        .setMerchantId(d.tenant().merchantId())
                        .setMode(ModeMapper.toAvro(d.tenant().mode()))
                        .setRequestedAt(v.requestedAt())
                        .setAmountMicros(d.terms().amount().micros())
                        .setWalletAddress(d.terms().customerWallet())
                        .setPayoutAddress(d.terms().payoutAddress())
                        .setOnChainSubscriptionId(null)
                        .setPayload(new VerifyPaymentRequest(v.txHash(), d.createdAt()))
                        .build());
            }
            if (event instanceof AuthorizationRequested requested) {
                out.add(authorizationRequest(requested, after));
            }
        }
        return out;
    }

    /**
     * A transfer authorization for the token's {@code transferWithAuthorization}: from the signer to the payout
     * address, exactly the payment's amount.
     */
    private static ChainRequest authorizationRequest(AuthorizationRequested requested, Existing after) {
        var d = after.details();
        var authorization = requested.authorization();
        var signed = requested.signed();
        return ChainRequest.newBuilder()
                .setRequestId(authorization.requestId(d.id()))
                .setResultCommandId(authorization.resultCommandId(d.id()))
                .setSubscriptionId(null)
                .setInvoiceId(null)
                .setPaymentId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setRequestedAt(authorization.submission().submittedAt())
                .setAmountMicros(d.terms().amount().micros())
                .setWalletAddress(authorization.fromAddress())
                .setPayoutAddress(d.terms().payoutAddress())
                .setOnChainSubscriptionId(null)
                .setPayload(new TransferAuthorizationRequest(
                        signed.validAfterSeconds(), signed.validBeforeSeconds(), signed.nonce(), signed.signature()))
                .build();
    }

    /**
     * For the link that minted the payment, keyed by link id: {@code RecordLinkPayment} when it was paid,
     * {@code RecordLinkPaymentReopened} when it was reopened. The command's id derives from the payment command that
     * caused it: each pay and each reopen is a command of its own, even at the same instant of a frozen test clock.
     */
    static List<PaymentLinkCommand> linkConversions(PaymentCommand envelope, List<PaymentEvent> events) {
        var out = new ArrayList<PaymentLinkCommand>();
        for (var event : events) {
            if (event instanceof LinkConversionReported reported) {
                LinkConversion conversion = reported.conversion();
                var cause = (conversion.paid() ? "linkpaid:" : "linkreopened:") + envelope.getCommandId();
                out.add(AggregateEnvelope.PAYMENT_LINK.command(
                        Ids.derivedId(IdPrefix.COMMAND, conversion.requestedAt(), cause),
                        conversion.paymentLinkId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        conversion.requestedAt(),
                        envelope.getRequestId(),
                        conversion.paid()
                                ? new RecordLinkPayment(conversion.paymentId())
                                : new RecordLinkPaymentReopened(conversion.paymentId())));
            }
        }
        return out;
    }

    /**
     * The payout address of a created payment, for {@code chain.watched-addresses} keyed
     * {@code <mode>:<address>}, both lower-case: the indexer follows transfers to it from the payment's creation on.
     */
    static List<WatchedAddress> watchedAddresses(List<PaymentEvent> events) {
        var out = new ArrayList<WatchedAddress>();
        for (var event : events) {
            if (event instanceof PaymentCreated created) {
                var d = created.payment();
                out.add(new WatchedAddress(
                        ModeMapper.toAvro(d.tenant().mode()),
                        d.terms().payoutAddress().toLowerCase(Locale.ROOT),
                        d.createdAt()));
            }
        }
        return out;
    }

    /**
     * The customer of the wallet a payment first knows, as an {@code EnsureCustomer} for
     * {@code billing.customer-commands} keyed by customer id, with the email the payment collected; its id derived from
     * the command that taught it. The wallet is the created payment's, or, for a payment created without one (a link
     * opened without a wallet mints it so), its payer's once the checkout or the chain names one.
     */
    static List<CustomerCommand> customers(PaymentCommand envelope, List<PaymentEvent> events, Existing after) {
        var out = new ArrayList<CustomerCommand>();
        for (var event : events) {
            var wallet = switch (event) {
                case PaymentCreated created -> created.payment().terms().customerWallet();
                case PayerIdentified identified -> identified.wallet();
                default -> null;
            };
            if (wallet != null && !wallet.isBlank()) {
                out.add(EnsureCustomerMapper.ensure(
                        envelope.getCommandId(),
                        envelope.getMerchantId(),
                        envelope.getMode(),
                        envelope.getRequestedAt(),
                        envelope.getRequestId(),
                        wallet,
                        after.details().terms().customerEmail()));
            }
        }
        return out;
    }

    /** The key of {@code address} on {@code chain.watched-addresses}, e.g. {@code test:0xabc...}. */
    static String watchedAddressKey(WatchedAddress address) {
        return address.getMode().name().toLowerCase(Locale.ROOT) + ":" + address.getAddress();
    }
}
