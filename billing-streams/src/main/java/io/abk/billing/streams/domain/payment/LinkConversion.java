package io.abk.billing.streams.domain.payment;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;

/**
 * A payment minted by a payment link was paid: the link must count it. Goes to the link as a command whose id
 * derives from the payment and the settlement's time, so a reprocessed settlement reports the same conversion and
 * the link counts it once.
 */
public record LinkConversion(String paymentLinkId, String paymentId, String commandId, Instant requestedAt) {

    public static LinkConversion of(String paymentLinkId, String paymentId, Instant paidAt) {
        return new LinkConversion(
                paymentLinkId, paymentId, Ids.derivedId(IdPrefix.COMMAND, paidAt, "linkpaid:" + paymentId), paidAt);
    }
}
