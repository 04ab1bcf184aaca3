package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.streams.payment.CreatePaymentMapper;
import io.abk.billing.streams.paymentlink.domain.MintedPayment;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkOpened;
import java.util.ArrayList;
import java.util.List;

/**
 * What the events of an accepted payment link command send out, as Avro: links publish no public events, so this is
 * the payments an accepted open minted, as {@code CreatePayment} commands for {@code billing.payment-commands}
 * (keyed by payment id): the open's merchant, mode, time and request id, no idempotency key (the derived command
 * id dedups a reprocessed open).
 */
final class PaymentLinkEventMapper {

    private PaymentLinkEventMapper() {}

    static List<PaymentCommand> toPaymentCommands(PaymentLinkCommand open, List<PaymentLinkEvent> events) {
        var out = new ArrayList<PaymentCommand>();
        for (var event : events) {
            if (event instanceof PaymentLinkOpened opened) {
                out.add(create(open, opened.payment()));
            }
        }
        return out;
    }

    private static PaymentCommand create(PaymentLinkCommand open, MintedPayment payment) {
        return AggregateEnvelope.PAYMENT.command(
                payment.commandId(),
                payment.paymentId(),
                open.getMerchantId(),
                open.getMode(),
                open.getRequestedAt(),
                open.getRequestId(),
                CreatePaymentMapper.createPayment(payment.terms()));
    }
}
