package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.payment.domain.PaymentTerms;

/**
 * A payment's terms and the {@link CreatePayment} payload that carries them, both ways: the payment processor reads
 * it, and the payment link processor writes it when an open mints a payment.
 */
public final class CreatePaymentMapper {

    private CreatePaymentMapper() {}

    public static PaymentTerms terms(CreatePayment create) {
        return new PaymentTerms(
                UsdcAmount.ofMicros(create.getAmountMicros()),
                create.getCustomerWallet(),
                create.getPayoutAddress(),
                create.getMerchantRef(),
                create.getPriceId(),
                create.getPaymentLinkId(),
                create.getDescription(),
                create.getCheckoutUrl(),
                create.getSuccessUrl(),
                create.getCancelUrl(),
                create.getCustomerEmail(),
                create.getCustomerName(),
                create.getMetadata());
    }

    public static CreatePayment createPayment(PaymentTerms terms) {
        return CreatePayment.newBuilder()
                .setAmountMicros(terms.amount().micros())
                .setCustomerWallet(terms.customerWallet())
                .setPayoutAddress(terms.payoutAddress())
                .setMerchantRef(terms.merchantRef())
                .setPriceId(terms.priceId())
                .setPaymentLinkId(terms.paymentLinkId())
                .setDescription(terms.description())
                .setCheckoutUrl(terms.checkoutUrl())
                .setSuccessUrl(terms.successUrl())
                .setCancelUrl(terms.cancelUrl())
                .setCustomerEmail(terms.customerEmail())
                .setCustomerName(terms.customerName())
                .setMetadata(terms.metadata())
                .build();
    }
}
