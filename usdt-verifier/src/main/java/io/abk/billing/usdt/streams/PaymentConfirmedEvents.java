package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtPaymentTransaction;
import io.abk.billing.usdt.domain.intent.Confirmation;
import io.abk.billing.usdt.domain.intent.IntentDetails;
import io.abk.billing.usdt.render.UsdtJson;

/**
 * Builds the {@code payment.confirmed} event of a confirmation: the record for usdt.events with its webhook body.
 * Everything in it comes from the confirmation, so building it again (for a second confirm that answers with the
 * first result) gives the same bytes.
 */
final class PaymentConfirmedEvents {

    private final long chainId;

    PaymentConfirmedEvents(long chainId) {
        this.chainId = chainId;
    }

    UsdtEvent event(IntentDetails details, Confirmation confirmation, boolean test) {
        var intent = IntentRecords.snapshot(details, "confirmed", confirmation);
        var match = confirmation.match();
        var received = match.received();
        var transaction = UsdtPaymentTransaction.newBuilder()
                .setTxHash(match.txHash())
                .setChainId(chainId)
                .setFromAddress(match.fromAddress())
                .setToAddress(details.terms().payToAddress())
                .setReceivedUsdt(received == null ? "0" : received.toPlainString())
                .setBlockNumber(match.blockNumber())
                .setConfirmations(match.confirmations())
                .build();
        return UsdtEvent.newBuilder()
                .setEventId(confirmation.eventId())
                .setType(UsdtJson.PAYMENT_CONFIRMED)
                .setCreatedAt(confirmation.confirmedAt())
                .setIntentId(details.id())
                .setTest(test)
                .setIntent(intent)
                .setTransaction(transaction)
                .setBody(UsdtJson.eventBody(
                        confirmation.eventId(), confirmation.confirmedAt(), test, intent, transaction))
                .build();
    }
}
