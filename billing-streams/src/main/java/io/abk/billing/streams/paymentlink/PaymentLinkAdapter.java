package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDecider;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDecision.Accepted;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDecision.Rejected;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvolver;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Absent;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The payment link aggregate's adapter for the command processor: maps the envelope to an instruction, loads the
 * state, lets {@link PaymentLinkDecider} decide and {@link PaymentLinkEvolver} apply, and computes everything to write.
 * Every accepted command bumps the sequence (the snapshot's version) and writes the link's snapshot; an open also
 * writes the payment it mints, and its change names the mint's command id as its follow-up, so the caller waits for
 * the payment to exist. Links publish no events.
 */
public record PaymentLinkAdapter(PaymentLinkNodes nodes)
        implements AggregateAdapter<PaymentLinkCommand, PaymentLinkAggregate> {

    public static final String AGGREGATE_TYPE = "payment_link";

    @Override
    public String idOf(PaymentLinkAggregate stored) {
        return stored.getPaymentLink().getId();
    }

    @Override
    public Applied<PaymentLinkAggregate> apply(
            CommandHeader header, PaymentLinkCommand envelope, @Nullable PaymentLinkAggregate storedValue) {
        var instruction = PaymentLinkInstructionMapper.toInstruction(header, envelope.getPayload());
        Stored<PaymentLinkState> stored = Stored.orAbsent(storedValue, PaymentLinkSnapshotMapper::read, new Absent());
        var before = stored.state();
        long sequence = stored.sequence();
        return switch (PaymentLinkDecider.decide(before, instruction)) {
            case Rejected rejected ->
                Applied.rejected(Changes.rejected(
                        header, AGGREGATE_TYPE, rejected.reason().code(), rejected.message()));
            case Accepted accepted -> {
                var after = AggregateAdapter.existing(
                        PaymentLinkEvolver.evolveAll(before, accepted.events()),
                        Existing.class,
                        header,
                        AGGREGATE_TYPE);
                var snapshot = PaymentLinkSnapshotMapper.snapshot(after, sequence + 1);
                var forwards = PaymentLinkEventMapper.toPaymentCommands(envelope, accepted.events()).stream()
                        .map(mint -> new Forward(nodes.mintsSink(), mint.getPaymentId(), mint))
                        .toList();
                yield new Applied<>(
                        PaymentLinkSnapshotMapper.write(new Stored<>(sequence + 1, after)),
                        Changes.accepted(
                                header, AGGREGATE_TYPE, List.of(snapshot), List.of(), accepted.followUpCommandId()),
                        forwards);
            }
        };
    }
}
