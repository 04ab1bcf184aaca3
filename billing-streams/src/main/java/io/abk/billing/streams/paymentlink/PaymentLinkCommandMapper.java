package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.CreatePaymentLink;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.avro.ExpirePaymentLink;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.avro.RecordLinkPayment;
import io.abk.billing.schemas.avro.RecordLinkPaymentReopened;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.domain.paymentlink.Customer;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand.Create;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand.Disable;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand.Expire;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand.Open;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand.RecordPayment;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkCommand.RecordPaymentReopened;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkTerms;
import io.abk.billing.streams.domain.tenant.Tenant;

/**
 * A command envelope from {@code billing.payment-link-commands} to a domain command. A payload this code does not
 * know throws, so the record goes to the dead-letter topic instead of being dropped.
 */
final class PaymentLinkCommandMapper {

    private PaymentLinkCommandMapper() {}

    static PaymentLinkCommand toCommand(io.abk.billing.schemas.avro.PaymentLinkCommand envelope) {
        var id = envelope.getPaymentLinkId();
        var tenant = new Tenant(envelope.getMerchantId(), ModeMapper.toDomain(envelope.getMode()));
        var at = envelope.getRequestedAt();
        return switch (envelope.getPayload()) {
            case CreatePaymentLink create ->
                new Create(id, tenant, at, terms(create), create.getMaxUses(), create.getExpiresAt());
            case OpenPaymentLink open ->
                new Open(
                        id,
                        tenant,
                        at,
                        open.getPaymentId(),
                        open.getCheckoutUrl(),
                        new Customer(open.getCustomerWallet(), open.getCustomerEmail(), open.getCustomerName()));
            case DisablePaymentLink disable -> new Disable(id, tenant, at);
            case RecordLinkPayment record -> new RecordPayment(id, tenant, at, record.getPaymentId());
            case RecordLinkPaymentReopened reopened ->
                new RecordPaymentReopened(id, tenant, at, reopened.getPaymentId());
            case ExpirePaymentLink expire -> new Expire(id, tenant, at);
            default ->
                throw new IllegalArgumentException(
                        "command " + envelope.getCommandId() + " has a payload this processor does not know: "
                                + envelope.getPayload().getClass().getName());
        };
    }

    private static PaymentLinkTerms terms(CreatePaymentLink create) {
        return new PaymentLinkTerms(
                UsdcAmount.ofMicros(create.getAmountMicros()),
                create.getDescription(),
                create.getMerchantRefPrefix(),
                create.getPayoutAddress(),
                create.getPriceId(),
                create.getUrl(),
                create.getSuccessUrl(),
                create.getCancelUrl(),
                create.getCollectEmail(),
                create.getCollectName(),
                create.getMetadata());
    }
}
