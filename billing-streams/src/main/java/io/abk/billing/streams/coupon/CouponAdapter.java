package io.abk.billing.streams.coupon;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponAggregate;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.coupon.domain.CouponDecider;
import io.abk.billing.streams.coupon.domain.CouponDecision.Accepted;
import io.abk.billing.streams.coupon.domain.CouponDecision.Failed;
import io.abk.billing.streams.coupon.domain.CouponDecision.Rejected;
import io.abk.billing.streams.coupon.domain.CouponEvolver;
import io.abk.billing.streams.coupon.domain.CouponState;
import io.abk.billing.streams.coupon.domain.CouponState.Absent;
import io.abk.billing.streams.coupon.domain.CouponState.Existing;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The coupon aggregate's adapter for the command processor: maps the envelope to an instruction, loads the state, lets
 * {@link CouponDecider} decide and {@link CouponEvolver} apply, and computes everything to write. Every accepted
 * command bumps the sequence (the snapshot's version) and writes the coupon's snapshot; a counted redemption forwards
 * its subscription command in the same transaction and names it as the change's follow-up, so the caller waits for the
 * subscription. A refused redemption that came through a promotion code sends the code its release; one refused for
 * its redeem-by time also stores the coupon, invalid now, and its rejected change carries that snapshot.
 */
public record CouponAdapter(CouponNodes nodes) implements AggregateAdapter<CouponCommand, CouponAggregate> {

    public static final String AGGREGATE_TYPE = "coupon";

    @Override
    public String idOf(CouponAggregate stored) {
        return stored.getCoupon().getId();
    }

    @Override
    public Applied<CouponAggregate> apply(
            CommandHeader header, CouponCommand envelope, @Nullable CouponAggregate storedValue) {
        var instruction = CouponInstructionMapper.toInstruction(header, envelope.getPayload());
        Stored<CouponState> stored = Stored.orAbsent(storedValue, CouponSnapshotMapper::read, new Absent());
        var before = stored.state();
        long sequence = stored.sequence();
        return switch (CouponDecider.decide(before, instruction)) {
            case Rejected rejected ->
                new Applied<>(
                        null,
                        Changes.rejected(
                                header, AGGREGATE_TYPE, rejected.reason().code(), rejected.message()),
                        releases(envelope));
            case Failed failed -> {
                var after = AggregateAdapter.existing(
                        CouponEvolver.evolveAll(before, failed.events()), Existing.class, header, AGGREGATE_TYPE);
                // The coupon is invalid now: the rejected change carries it, so a read model learns that too.
                var change = Change.newBuilder(Changes.rejected(
                                header, AGGREGATE_TYPE, failed.reason().code(), failed.message()))
                        .setSnapshots(List.of(CouponSnapshotMapper.snapshot(after, sequence + 1)))
                        .build();
                yield new Applied<>(
                        CouponSnapshotMapper.write(new Stored<>(sequence + 1, after)), change, releases(envelope));
            }
            case Accepted accepted -> {
                var after = AggregateAdapter.existing(
                        CouponEvolver.evolveAll(before, accepted.events()), Existing.class, header, AGGREGATE_TYPE);
                var snapshot = CouponSnapshotMapper.snapshot(after, sequence + 1);
                var events = CouponEventMapper.toBillingEvents(header, accepted.events(), snapshot);
                var forwards = new ArrayList<Forward>();
                events.forEach(event -> forwards.add(new Forward(nodes.eventsSink(), envelope.getCouponId(), event)));
                var subscriptionCommands =
                        CouponEventMapper.subscriptionCommands(envelope, accepted.events(), after.details());
                subscriptionCommands.forEach(command ->
                        forwards.add(new Forward(nodes.subscriptionsSink(), command.getSubscriptionId(), command)));
                yield new Applied<>(
                        CouponSnapshotMapper.write(new Stored<>(sequence + 1, after)),
                        Changes.accepted(
                                header,
                                AGGREGATE_TYPE,
                                List.of(snapshot),
                                events.stream().map(BillingEvent::getEventId).toList(),
                                subscriptionCommands.isEmpty()
                                        ? null
                                        : subscriptionCommands.getFirst().getCommandId()),
                        forwards);
            }
        };
    }

    /** The release of a refused redemption that came through a promotion code: none for any other command. */
    private List<Forward> releases(CouponCommand envelope) {
        return CouponEventMapper.release(envelope).stream()
                .map(release -> new Forward(nodes.promotionCodesSink(), release.getPromotionCodeId(), release))
                .toList();
    }
}
