package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.CreatePaymentLink;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.avro.ExpirePaymentLink;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.avro.RecordLinkPayment;
import io.abk.billing.schemas.avro.RecordLinkPaymentReopened;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.paymentlink.domain.Customer;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Create;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Disable;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Expire;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Open;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.RecordPayment;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.RecordPaymentReopened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkTerms;

/**
 * A command envelope from {@code billing.payment-link-commands} to a {@link PaymentLinkInstruction}. A payload this
 * code does not know throws, so the record goes to the dead-letter topic instead of being dropped.
 */
final class PaymentLinkInstructionMapper {

    private PaymentLinkInstructionMapper() {}

    /** The instruction {@code payload} asks for, of the command whose header is {@code header}. */
    static PaymentLinkInstruction toInstruction(CommandHeader header, Object payload) {
        var id = header.aggregateId();
        var tenant = header.tenant();
        var at = header.requestedAt();
        return switch (payload) {
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
            default -> throw header.unknownPayload(payload);
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
