package io.abk.billing.streams.coupon.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.streams.coupon.domain.CouponDecision.Accepted;
import io.abk.billing.streams.coupon.domain.CouponDecision.Failed;
import io.abk.billing.streams.coupon.domain.CouponDecision.Rejected;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponCreated;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponDisabled;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponExpired;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponRedeemed;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Create;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Disable;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Redeem;
import io.abk.billing.streams.coupon.domain.CouponState.Absent;
import io.abk.billing.streams.coupon.domain.CouponState.Existing;
import io.abk.billing.streams.coupon.domain.CouponState.Invalid;
import io.abk.billing.streams.coupon.domain.CouponState.Valid;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The coupon's rules (docs/architecture.md, "Coupon"): create, disable and redeem in each state, accepted, refused or
 * failed, with what each leaves behind, and the edges of maxRedemptions and redeemBy.
 */
class CouponDeciderTest {

    private static final String ID = "coupon_00000000000000000000000001";
    private static final Tenant TENANT = new Tenant("mer_1", Mode.TEST);
    private static final Instant CREATED = Instant.parse("2026-05-01T09:00:00Z");
    private static final Instant REDEEM_BY = CREATED.plusSeconds(86_400);
    private static final Instant LATER = CREATED.plusSeconds(3600);

    record Row(String name, CouponState given, CouponInstruction when, Expect then) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code code} null: accepted; else refused with it, {@code failed} when the refusal still records events. */
    record Expect(
            @Nullable String code,
            boolean failed,
            List<Class<? extends CouponEvent>> events,
            Consumer<CouponDetails> check) {}

    /** A valid 20 % off coupon, redeemed {@code times} of at most {@code max}, redeemable until {@link #REDEEM_BY}. */
    static CouponDetails coupon(int times, @Nullable Integer max) {
        return new CouponDetails(
                ID,
                TENANT,
                "WELCOME",
                2_000,
                null,
                "repeating",
                3,
                max,
                times,
                REDEEM_BY,
                max == null || times < max,
                Map.of("k", "v"),
                CREATED,
                null);
    }

    static Existing state(CouponDetails details) {
        return Existing.of(details);
    }

    static Redeem redeem(Instant at, @Nullable String promotionCodeId) {
        return new Redeem(ID, TENANT, at, "red_1", "sub_1", promotionCodeId);
    }

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(new Row(
                "absent: create -> valid [CouponCreated], never redeemed",
                new Absent(),
                new Create(ID, TENANT, CREATED, "WELCOME", null, 5_000_000L, "once", null, 3, REDEEM_BY, Map.of()),
                accepts(List.of(CouponCreated.class), d -> {
                    assertThat(d.valid()).isTrue();
                    assertThat(d.timesRedeemed()).isZero();
                    assertThat(d.amountOffMicros()).isEqualTo(5_000_000L);
                    assertThat(d.maxRedemptions()).isEqualTo(3);
                    assertThat(d.createdAt()).isEqualTo(CREATED);
                    assertThat(d.disabledAt()).isNull();
                })));
        rows.add(new Row(
                "valid: create again -> coupon_exists",
                state(coupon(0, 3)),
                new Create(ID, TENANT, LATER, "OTHER", 100, null, "forever", null, null, null, Map.of()),
                rejects("coupon_exists")));
        rows.add(new Row(
                "valid: disable -> invalid [CouponDisabled] with disabledAt",
                state(coupon(1, 3)),
                new Disable(ID, TENANT, LATER),
                accepts(List.of(CouponDisabled.class), d -> {
                    assertThat(d.valid()).isFalse();
                    assertThat(d.disabledAt()).isEqualTo(LATER);
                    assertThat(d.timesRedeemed()).isEqualTo(1);
                })));
        var disabled = coupon(1, 3).invalid(CREATED.plusSeconds(60));
        rows.add(new Row(
                "disabled: disable again -> accepted [], disabledAt kept",
                state(disabled),
                new Disable(ID, TENANT, LATER),
                accepts(List.of(), d -> assertThat(d.disabledAt()).isEqualTo(CREATED.plusSeconds(60)))));
        rows.add(new Row(
                "exhausted: disable -> [CouponDisabled], disabledAt set",
                state(coupon(3, 3)),
                new Disable(ID, TENANT, LATER),
                accepts(
                        List.of(CouponDisabled.class),
                        d -> assertThat(d.disabledAt()).isEqualTo(LATER))));
        rows.add(new Row(
                "absent: disable -> resource_missing",
                new Absent(),
                new Disable(ID, TENANT, LATER),
                rejects("resource_missing")));
        rows.add(new Row(
                "another tenant's: disable -> resource_missing",
                state(coupon(0, 3)),
                new Disable(ID, new Tenant("mer_1", Mode.LIVE), LATER),
                rejects("resource_missing")));
        rows.add(new Row(
                "valid, 0 of 3: redeem -> [CouponRedeemed], 1 of 3, still valid",
                state(coupon(0, 3)),
                redeem(LATER, null),
                accepts(List.of(CouponRedeemed.class), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(1);
                    assertThat(d.valid()).isTrue();
                })));
        rows.add(new Row(
                "valid, 2 of 3: redeem -> [CouponRedeemed], 3 of 3, invalid now",
                state(coupon(2, 3)),
                redeem(LATER, null),
                accepts(List.of(CouponRedeemed.class), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(3);
                    assertThat(d.valid()).isFalse();
                    assertThat(d.disabledAt()).isNull();
                })));
        rows.add(new Row(
                "valid, single use: redeem -> [CouponRedeemed], invalid at once",
                state(coupon(0, 1)),
                redeem(LATER, null),
                accepts(
                        List.of(CouponRedeemed.class),
                        d -> assertThat(d.valid()).isFalse())));
        rows.add(new Row(
                "valid, no maximum: redeem the 1,000th time -> [CouponRedeemed], still valid",
                state(coupon(999, null)),
                redeem(LATER, null),
                accepts(List.of(CouponRedeemed.class), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(1000);
                    assertThat(d.valid()).isTrue();
                })));
        rows.add(new Row(
                "exhausted, 3 of 3: redeem -> coupon_exhausted",
                state(coupon(3, 3)),
                redeem(LATER, "promo_1"),
                rejects("coupon_exhausted")));
        rows.add(new Row(
                "disabled: redeem -> coupon_invalid", state(disabled), redeem(LATER, null), rejects("coupon_invalid")));
        rows.add(new Row(
                "disabled and past redeemBy: redeem -> coupon_invalid (disabled first)",
                state(disabled),
                redeem(REDEEM_BY.plusSeconds(1), null),
                rejects("coupon_invalid")));
        rows.add(new Row(
                "valid: redeem 1 ms before redeemBy -> [CouponRedeemed]",
                state(coupon(0, 3)),
                redeem(REDEEM_BY.minusMillis(1), null),
                accepts(
                        List.of(CouponRedeemed.class),
                        d -> assertThat(d.timesRedeemed()).isEqualTo(1))));
        rows.add(new Row(
                "valid: redeem at redeemBy -> failed coupon_expired [CouponExpired], invalid, not counted",
                state(coupon(1, 3)),
                redeem(REDEEM_BY, null),
                fails("coupon_expired", d -> {
                    assertThat(d.valid()).isFalse();
                    assertThat(d.timesRedeemed()).isEqualTo(1);
                    assertThat(d.disabledAt()).isNull();
                })));
        var expired = coupon(1, 3).invalid(null);
        rows.add(new Row(
                "expired: redeem after redeemBy -> coupon_expired, nothing recorded",
                state(expired),
                redeem(REDEEM_BY.plusSeconds(60), null),
                rejects("coupon_expired")));
        rows.add(new Row(
                "expired by a later-stamped redemption: redeem stamped before redeemBy -> coupon_expired",
                state(expired),
                redeem(LATER, null),
                rejects("coupon_expired")));
        rows.add(new Row(
                "exhausted and past redeemBy: redeem -> coupon_expired (the time first)",
                state(coupon(3, 3)),
                redeem(REDEEM_BY, null),
                rejects("coupon_expired")));
        rows.add(new Row(
                "absent: redeem -> coupon_not_found", new Absent(), redeem(LATER, null), rejects("coupon_not_found")));
        rows.add(new Row(
                "another tenant's: redeem -> coupon_not_found",
                state(coupon(0, 3)),
                new Redeem(ID, new Tenant("mer_2", Mode.TEST), LATER, "red_1", "sub_1", null),
                rejects("coupon_not_found")));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheCouponRulesWhenACommandArrives(Row row) {
        var decision = CouponDecider.decide(row.given(), row.when());
        var then = row.then();
        switch (decision) {
            case Rejected rejected -> {
                assertThat(then.code()).as("rejected: %s", rejected).isNotNull();
                assertThat(then.failed())
                        .as("rejected, expected to record events")
                        .isFalse();
                assertThat(rejected.reason().code()).isEqualTo(then.code());
                assertThat(rejected.message()).contains(ID);
            }
            case Failed failed -> {
                assertThat(then.failed()).as("failed: %s", failed).isTrue();
                assertThat(failed.reason().code()).isEqualTo(then.code());
                assertThat(failed.message()).contains(ID);
                assertThat(failed.events()).extracting(Object::getClass).containsExactlyElementsOf(then.events());
                var after = (Existing) CouponEvolver.evolveAll(row.given(), failed.events());
                then.check().accept(after.details());
            }
            case Accepted accepted -> {
                assertThat(then.code()).as("accepted, expected %s", then.code()).isNull();
                assertThat(accepted.events()).extracting(Object::getClass).containsExactlyElementsOf(then.events());
                var after = (Existing) CouponEvolver.evolveAll(row.given(), accepted.events());
                assertThat(after.id()).isEqualTo(ID);
                assertThat(after).isInstanceOf(after.details().valid() ? Valid.class : Invalid.class);
                then.check().accept(after.details());
            }
        }
    }

    @Test
    void shouldCountExactlyMaxRedemptionsWhenRedeemedOneByOneFarBeyondIt() {
        CouponState state = state(coupon(0, 5));
        int accepted = 0;
        var codes = new ArrayList<String>();
        for (int i = 0; i < 8; i++) {
            var decision = CouponDecider.decide(state, new Redeem(ID, TENANT, LATER, "red_" + i, "sub_" + i, null));
            if (decision instanceof Accepted a) {
                accepted++;
                state = CouponEvolver.evolveAll(state, a.events());
            } else if (decision instanceof Rejected r) {
                codes.add(r.reason().code());
            }
        }

        assertThat(accepted).isEqualTo(5);
        assertThat(codes).containsOnly("coupon_exhausted").hasSize(3);
        assertThat(((Existing) state).details().timesRedeemed()).isEqualTo(5);
    }

    @Test
    void shouldThrowWhenAnEventCannotApply() {
        var created = new CouponCreated(coupon(0, 3));

        assertThatThrownBy(() -> CouponEvolver.evolve(state(coupon(0, 3)), created))
                .hasMessageContaining("created twice");
        assertThatThrownBy(() -> CouponEvolver.evolve(state(coupon(3, 3)), new CouponRedeemed("red_9", "sub_9", null)))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CouponEvolver.evolve(new Absent(), new CouponDisabled(LATER)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRefuseDetailsTheDomainCannotHold() {
        assertThatThrownBy(() -> new CouponDetails(
                        ID, TENANT, "X", 2_000, 1L, "once", null, null, 0, null, true, Map.of(), CREATED, null))
                .hasMessageContaining("exactly one");
        assertThatThrownBy(() -> new CouponDetails(
                        ID, TENANT, "X", 10_001, null, "once", null, null, 0, null, true, Map.of(), CREATED, null))
                .hasMessageContaining("1..10000");
        assertThatThrownBy(() -> new CouponDetails(
                        ID, TENANT, "X", 100, null, "repeating", null, null, 0, null, true, Map.of(), CREATED, null))
                .hasMessageContaining("durationInMonths");
        assertThatThrownBy(() -> new CouponDetails(
                        ID, TENANT, "X", 100, null, "once", 2, null, 0, null, true, Map.of(), CREATED, null))
                .hasMessageContaining("durationInMonths");
        assertThatThrownBy(() -> new CouponDetails(
                        ID, TENANT, "X", 100, null, "once", null, 2, 3, null, false, Map.of(), CREATED, null))
                .hasMessageContaining("maximum is 2");
    }

    private static Expect rejects(String code) {
        return new Expect(code, false, List.of(), d -> {});
    }

    private static Expect fails(String code, Consumer<CouponDetails> check) {
        return new Expect(code, true, List.of(CouponExpired.class), check);
    }

    private static Expect accepts(List<Class<? extends CouponEvent>> events, Consumer<CouponDetails> check) {
        return new Expect(null, false, events, check);
    }
}
