package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.payment.domain.PaymentTerms;
import java.time.Instant;

/**
 * The one-time payment an open mints, as the create command the payment aggregate gets. The command id derives
 * from the payment id and the open's time, so a reprocessed open mints the same command and the payment is
 * created once.
 */
public record MintedPayment(String commandId, String paymentId, PaymentTerms terms) {

    public static MintedPayment of(String paymentId, Instant openedAt, PaymentTerms terms) {
        return new MintedPayment(Ids.derivedId(IdPrefix.COMMAND, openedAt, "mint:" + paymentId), paymentId, terms);
    }
}
