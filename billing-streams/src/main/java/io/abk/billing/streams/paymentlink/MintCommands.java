package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.streams.domain.paymentlink.MintedPayment;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkEvent;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkEvent.PaymentLinkOpened;
import io.abk.billing.streams.payment.CreatePaymentMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * The payments an accepted open minted, as {@code CreatePayment} commands for {@code billing.payment-commands}
 * (keyed by payment id): the open's merchant, mode, time and request id, no idempotency key (the derived command
 * id dedups a reprocessed open).
 */
final class MintCommands {

    private MintCommands() {}

    static List<PaymentCommand> of(io.abk.billing.schemas.avro.PaymentLinkCommand open, List<PaymentLinkEvent> events) {
        var out = new ArrayList<PaymentCommand>();
        for (var event : events) {
            if (event instanceof PaymentLinkOpened opened) {
                out.add(create(open, opened.payment()));
            }
        }
        return out;
    }

    private static PaymentCommand create(io.abk.billing.schemas.avro.PaymentLinkCommand open, MintedPayment payment) {
        return PaymentCommand.newBuilder()
                .setCommandId(payment.commandId())
                .setPaymentId(payment.paymentId())
                .setMerchantId(open.getMerchantId())
                .setMode(open.getMode())
                .setRequestedAt(open.getRequestedAt())
                .setIdempotencyKey(null)
                .setRequestId(open.getRequestId())
                .setPayload(CreatePaymentMapper.createPayment(payment.terms()))
                .build();
    }
}
