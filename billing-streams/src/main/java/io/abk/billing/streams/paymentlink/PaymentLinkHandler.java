package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.streams.command.AggregateHandler;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkDecider;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkDecision.Accepted;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkDecision.Rejected;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkState;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkState.Absent;
import io.abk.billing.streams.domain.paymentlink.PaymentLinkState.Existing;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The payment link aggregate's part of the command processor: map the envelope, decide, and compute everything to
 * write. Every accepted command bumps the sequence (the snapshot's version) and writes the link's snapshot; an open
 * also writes the payment it mints, and its change names the mint's command id as its follow-up, so the caller
 * waits for the payment to exist. Links publish no events.
 */
public final class PaymentLinkHandler implements AggregateHandler<PaymentLinkCommand, PaymentLinkAggregate> {

    public static final String AGGREGATE_TYPE = "payment_link";

    private final PaymentLinkNodes nodes;

    public PaymentLinkHandler(PaymentLinkNodes nodes) {
        this.nodes = nodes;
    }

    @Override
    public CommandHeader header(PaymentLinkCommand command) {
        return new CommandHeader(
                command.getCommandId(),
                command.getPaymentLinkId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt(),
                command.getRequestId(),
                CommandHeader.typeOf(command.getPayload()));
    }

    @Override
    public Handled<PaymentLinkAggregate> handle(PaymentLinkCommand envelope, @Nullable PaymentLinkAggregate stored) {
        var header = header(envelope);
        var command = PaymentLinkCommandMapper.toCommand(envelope);
        PaymentLinkState before = stored == null ? new Absent() : PaymentLinkSnapshots.state(stored.getPaymentLink());
        if (before instanceof Existing existing && !existing.id().equals(envelope.getPaymentLinkId())) {
            throw new IllegalStateException(
                    "the store holds payment link " + existing.id() + " under key " + envelope.getPaymentLinkId());
        }
        long sequence = stored == null ? 0 : stored.getSequence();
        return switch (PaymentLinkDecider.decide(before, command)) {
            case Rejected rejected ->
                new Handled<>(
                        null,
                        Changes.rejected(
                                header, AGGREGATE_TYPE, rejected.reason().code(), rejected.message()),
                        List.of());
            case Accepted accepted -> {
                if (!(PaymentLinkDecider.evolveAll(before, accepted.events()) instanceof Existing after)) {
                    throw new IllegalStateException(
                            "command " + envelope.getCommandId() + " was accepted but left no payment link");
                }
                var snapshot = PaymentLinkSnapshots.snapshot(after, sequence + 1);
                var forwards = MintCommands.of(envelope, accepted.events()).stream()
                        .map(mint -> new Forward(nodes.mintsSink(), mint.getPaymentId(), mint))
                        .toList();
                yield new Handled<>(
                        new PaymentLinkAggregate(sequence + 1, snapshot),
                        Changes.accepted(
                                header, AGGREGATE_TYPE, List.of(snapshot), List.of(), accepted.followUpCommandId()),
                        forwards);
            }
        };
    }
}
