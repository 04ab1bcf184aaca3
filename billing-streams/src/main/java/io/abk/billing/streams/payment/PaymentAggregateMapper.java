package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentVerification;
import io.abk.billing.streams.domain.payment.PaymentState.Existing;
import io.abk.billing.streams.domain.payment.Verification;
import io.abk.billing.streams.domain.payment.Verifications;

/**
 * The store value of one payment ({@link PaymentAggregate}) to and from domain state. The sequence counts accepted
 * commands and is the snapshot's version; the verification in flight and the count are stored beside the snapshot:
 * they are never public.
 */
final class PaymentAggregateMapper {

    private PaymentAggregateMapper() {}

    /** A payment as loaded from the store: the sequence of its last accepted command and its state. */
    record Stored(long sequence, Existing state) {}

    static Stored read(PaymentAggregate aggregate) {
        var stored = aggregate.getInFlight();
        var inFlight = stored == null
                ? null
                : new Verification(
                        stored.getRequestId(),
                        stored.getResultCommandId(),
                        stored.getTxHash(),
                        stored.getRequestedAt());
        var verifications = new Verifications(inFlight, aggregate.getVerifyCount());
        return new Stored(aggregate.getSequence(), PaymentSnapshots.state(aggregate.getPayment(), verifications));
    }

    static PaymentAggregate write(Stored stored) {
        var verifications = stored.state().details().verifications();
        var inFlight = verifications.inFlight();
        return PaymentAggregate.newBuilder()
                .setSequence(stored.sequence())
                .setPayment(PaymentSnapshots.snapshot(stored.state(), stored.sequence()))
                .setInFlight(
                        inFlight == null
                                ? null
                                : new PaymentVerification(
                                        inFlight.requestId(),
                                        inFlight.resultCommandId(),
                                        inFlight.txHash(),
                                        inFlight.requestedAt()))
                .setVerifyCount(verifications.count())
                .build();
    }
}
