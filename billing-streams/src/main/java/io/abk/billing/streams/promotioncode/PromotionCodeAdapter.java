package io.abk.billing.streams.promotioncode;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.PromotionCodeAggregate;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecider;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecision.Accepted;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecision.Rejected;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvolver;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Absent;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Existing;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The promotion code aggregate's adapter for the command processor: maps the envelope to an instruction, loads the
 * state, lets {@link PromotionCodeDecider} decide and {@link PromotionCodeEvolver} apply, and computes everything to
 * write. Every accepted command bumps the sequence (the snapshot's version) and writes the code's snapshot; a counted
 * redemption forwards its {@code RedeemCoupon} in the same transaction and names it as the change's follow-up, so the
 * caller waits for the coupon's answer.
 */
public record PromotionCodeAdapter(PromotionCodeNodes nodes)
        implements AggregateAdapter<PromotionCodeCommand, PromotionCodeAggregate> {

    public static final String AGGREGATE_TYPE = "promotion_code";

    @Override
    public String idOf(PromotionCodeAggregate stored) {
        return stored.getPromotionCode().getId();
    }

    @Override
    public Applied<PromotionCodeAggregate> apply(
            CommandHeader header, PromotionCodeCommand envelope, @Nullable PromotionCodeAggregate storedValue) {
        var instruction = PromotionCodeInstructionMapper.toInstruction(header, envelope.getPayload());
        Stored<PromotionCodeState> stored =
                Stored.orAbsent(storedValue, PromotionCodeSnapshotMapper::read, new Absent());
        var before = stored.state();
        long sequence = stored.sequence();
        return switch (PromotionCodeDecider.decide(before, instruction)) {
            case Rejected rejected ->
                Applied.rejected(Changes.rejected(
                        header, AGGREGATE_TYPE, rejected.reason().code(), rejected.message()));
            case Accepted accepted -> {
                var after = AggregateAdapter.existing(
                        PromotionCodeEvolver.evolveAll(before, accepted.events()),
                        Existing.class,
                        header,
                        AGGREGATE_TYPE);
                var snapshot = PromotionCodeSnapshotMapper.snapshot(after, sequence + 1);
                var events = PromotionCodeEventMapper.toBillingEvents(header, accepted.events(), snapshot);
                var forwards = new ArrayList<Forward>();
                events.forEach(
                        event -> forwards.add(new Forward(nodes.eventsSink(), envelope.getPromotionCodeId(), event)));
                var couponCommands =
                        PromotionCodeEventMapper.couponCommands(envelope, accepted.events(), after.details());
                couponCommands.forEach(
                        command -> forwards.add(new Forward(nodes.couponsSink(), command.getCouponId(), command)));
                yield new Applied<>(
                        PromotionCodeSnapshotMapper.write(new Stored<>(sequence + 1, after)),
                        Changes.accepted(
                                header,
                                AGGREGATE_TYPE,
                                List.of(snapshot),
                                events.stream().map(BillingEvent::getEventId).toList(),
                                couponCommands.isEmpty()
                                        ? null
                                        : couponCommands.getFirst().getCommandId()),
                        forwards);
            }
        };
    }
}
