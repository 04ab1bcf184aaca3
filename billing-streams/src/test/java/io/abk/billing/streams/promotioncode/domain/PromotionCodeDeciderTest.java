package io.abk.billing.streams.promotioncode.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecision.Accepted;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecision.Rejected;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeCreated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeDeactivated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeRedeemed;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.RedemptionReleased;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Create;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Deactivate;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Redeem;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Release;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Absent;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Active;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Existing;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Inactive;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The promotion code's rules (docs/architecture.md, "Promotion code"): create, deactivate, redeem and release in each
 * state, with the edges of maxRedemptions and expiresAt, and a release that uncounts an open redemption once.
 */
class PromotionCodeDeciderTest {

    private static final String ID = "promo_0000000000000000000000000a";
    private static final Tenant TENANT = new Tenant("mer_1", Mode.TEST);
    private static final Instant CREATED = Instant.parse("2026-05-01T09:00:00Z");
    private static final Instant EXPIRES = CREATED.plusSeconds(86_400);
    private static final Instant LATER = CREATED.plusSeconds(3600);

    record Row(String name, PromotionCodeState given, PromotionCodeInstruction when, Expect then) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Expect(
            @Nullable String code,
            List<Class<? extends PromotionCodeEvent>> events,
            Consumer<PromotionCodeDetails> check) {}

    /** An active code of coupon_1, redeemed {@code times} of at most {@code max}, the {@code open} ones still open. */
    static PromotionCodeDetails code(int times, @Nullable Integer max, List<String> open) {
        return new PromotionCodeDetails(
                ID, TENANT, "coupon_1", "WELCOME20", true, max, times, EXPIRES, Map.of(), CREATED, open);
    }

    static Redeem redeem(Instant at) {
        return new Redeem(ID, TENANT, at, "red_new", "sub_1");
    }

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(new Row(
                "absent: create -> active [PromotionCodeCreated], nothing redeemed or open",
                new Absent(),
                new Create(ID, TENANT, CREATED, "coupon_1", "Welcome20", 2, EXPIRES, Map.of("k", "v")),
                accepts(List.of(PromotionCodeCreated.class), d -> {
                    assertThat(d.active()).isTrue();
                    assertThat(d.code()).isEqualTo("Welcome20");
                    assertThat(d.couponId()).isEqualTo("coupon_1");
                    assertThat(d.timesRedeemed()).isZero();
                    assertThat(d.openRedemptions()).isEmpty();
                    assertThat(d.metadata()).isEqualTo(Map.of("k", "v"));
                })));
        rows.add(new Row(
                "active: create again -> promotion_code_exists",
                Existing.of(code(0, 2, List.of())),
                new Create(ID, TENANT, LATER, "coupon_2", "WELCOME20", null, null, Map.of()),
                rejects("promotion_code_exists")));
        rows.add(new Row(
                "active: deactivate -> inactive [PromotionCodeDeactivated]",
                Existing.of(code(1, 2, List.of("red_1"))),
                new Deactivate(ID, TENANT, LATER),
                accepts(List.of(PromotionCodeDeactivated.class), d -> {
                    assertThat(d.active()).isFalse();
                    assertThat(d.openRedemptions()).containsExactly("red_1");
                })));
        rows.add(new Row(
                "inactive: deactivate again -> accepted []",
                Existing.of(code(1, 2, List.of()).deactivated()),
                new Deactivate(ID, TENANT, LATER),
                accepts(List.of(), d -> assertThat(d.active()).isFalse())));
        rows.add(new Row(
                "absent: deactivate -> resource_missing",
                new Absent(),
                new Deactivate(ID, TENANT, LATER),
                rejects("resource_missing")));
        rows.add(new Row(
                "active, 0 of 2: redeem -> [PromotionCodeRedeemed], 1 of 2, open",
                Existing.of(code(0, 2, List.of())),
                redeem(LATER),
                accepts(List.of(PromotionCodeRedeemed.class), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(1);
                    assertThat(d.openRedemptions()).containsExactly("red_new");
                })));
        rows.add(new Row(
                "active, 1 of 2: redeem 1 ms before expiresAt -> [PromotionCodeRedeemed], 2 of 2",
                Existing.of(code(1, 2, List.of("red_1"))),
                redeem(EXPIRES.minusMillis(1)),
                accepts(List.of(PromotionCodeRedeemed.class), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(2);
                    assertThat(d.openRedemptions()).containsExactly("red_1", "red_new");
                    assertThat(d.active()).isTrue();
                })));
        rows.add(new Row(
                "active, 2 of 2: redeem -> promotion_code_exhausted",
                Existing.of(code(2, 2, List.of())),
                redeem(LATER),
                rejects("promotion_code_exhausted")));
        rows.add(new Row(
                "active: redeem at expiresAt -> promotion_code_expired",
                Existing.of(code(0, 2, List.of())),
                redeem(EXPIRES),
                rejects("promotion_code_expired")));
        rows.add(new Row(
                "inactive: redeem -> promotion_code_inactive",
                Existing.of(code(0, 2, List.of()).deactivated()),
                redeem(LATER),
                rejects("promotion_code_inactive")));
        rows.add(new Row(
                "absent: redeem -> promotion_code_not_found",
                new Absent(),
                redeem(LATER),
                rejects("promotion_code_not_found")));
        rows.add(new Row(
                "another tenant's: redeem -> promotion_code_not_found",
                Existing.of(code(0, 2, List.of())),
                new Redeem(ID, new Tenant("mer_2", Mode.TEST), LATER, "red_new", "sub_1"),
                rejects("promotion_code_not_found")));
        rows.add(new Row(
                "2 of 2, red_1 open: release red_1 -> [RedemptionReleased], 1 of 2, no longer open",
                Existing.of(code(2, 2, List.of("red_1", "red_2"))),
                new Release(ID, TENANT, LATER, "red_1"),
                accepts(List.of(RedemptionReleased.class), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(1);
                    assertThat(d.openRedemptions()).containsExactly("red_2");
                })));
        rows.add(new Row(
                "inactive, red_1 open: release red_1 -> [RedemptionReleased]",
                Existing.of(code(1, 2, List.of("red_1")).deactivated()),
                new Release(ID, TENANT, LATER, "red_1"),
                accepts(
                        List.of(RedemptionReleased.class),
                        d -> assertThat(d.timesRedeemed()).isZero())));
        rows.add(new Row(
                "red_9 not open: release red_9 -> accepted [], nothing uncounted",
                Existing.of(code(2, 2, List.of("red_1"))),
                new Release(ID, TENANT, LATER, "red_9"),
                accepts(List.of(), d -> {
                    assertThat(d.timesRedeemed()).isEqualTo(2);
                    assertThat(d.openRedemptions()).containsExactly("red_1");
                })));
        rows.add(new Row(
                "absent: release -> resource_missing",
                new Absent(),
                new Release(ID, TENANT, LATER, "red_1"),
                rejects("resource_missing")));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowThePromotionCodeRulesWhenACommandArrives(Row row) {
        var decision = PromotionCodeDecider.decide(row.given(), row.when());
        var then = row.then();
        switch (decision) {
            case Rejected rejected -> {
                assertThat(then.code()).as("rejected: %s", rejected).isNotNull();
                assertThat(rejected.reason().code()).isEqualTo(then.code());
                assertThat(rejected.message()).containsAnyOf(ID, "WELCOME20");
            }
            case Accepted accepted -> {
                assertThat(then.code()).as("accepted, expected %s", then.code()).isNull();
                assertThat(accepted.events()).extracting(Object::getClass).containsExactlyElementsOf(then.events());
                var after = (Existing) PromotionCodeEvolver.evolveAll(row.given(), accepted.events());
                assertThat(after.id()).isEqualTo(ID);
                assertThat(after).isInstanceOf(after.details().active() ? Active.class : Inactive.class);
                then.check().accept(after.details());
            }
        }
    }

    @Test
    void shouldUncountARedemptionOnceWhenItsReleaseArrivesTwice() {
        PromotionCodeState state = Existing.of(code(0, 1, List.of()));
        state = apply(state, redeem(LATER));
        var release = new Release(ID, TENANT, LATER, "red_new");

        state = apply(state, release);
        var again = PromotionCodeDecider.decide(state, release);

        assertThat(again).isEqualTo(new Accepted(List.of()));
        assertThat(((Existing) state).details().timesRedeemed()).isZero();
        // Released, the single use is free again.
        assertThat(PromotionCodeDecider.decide(state, new Redeem(ID, TENANT, LATER, "red_2", "sub_2")))
                .isInstanceOf(Accepted.class);
    }

    @Test
    void shouldKeepTheLastThousandOpenRedemptionsWhenMoreAreCounted() {
        var open = IntStream.range(0, PromotionCodeDetails.MAX_OPEN_REDEMPTIONS)
                .mapToObj(i -> "red_" + i)
                .toList();
        var full = code(1000, null, open);

        var after = (Existing) apply(Existing.of(full), redeem(LATER));

        assertThat(after.details().openRedemptions())
                .hasSize(PromotionCodeDetails.MAX_OPEN_REDEMPTIONS)
                .doesNotContain("red_0")
                .endsWith("red_new");
        assertThat(after.details().timesRedeemed()).isEqualTo(1001);
    }

    @Test
    void shouldThrowWhenAnEventCannotApply() {
        var active = Existing.of(code(0, 2, List.of()));

        assertThatThrownBy(() -> PromotionCodeEvolver.evolve(active, new PromotionCodeCreated(code(0, 2, List.of()))))
                .hasMessageContaining("created twice");
        assertThatThrownBy(() -> PromotionCodeEvolver.evolve(active, new RedemptionReleased("red_9")))
                .hasMessageContaining("no open redemption red_9");
        assertThatThrownBy(() -> PromotionCodeEvolver.evolve(
                        Existing.of(code(0, 2, List.of()).deactivated()), new PromotionCodeRedeemed("red_1", "sub_1")))
                .isInstanceOf(IllegalStateException.class);
    }

    private static PromotionCodeState apply(PromotionCodeState state, PromotionCodeInstruction instruction) {
        var decision = PromotionCodeDecider.decide(state, instruction);
        assertThat(decision).isInstanceOf(Accepted.class);
        return PromotionCodeEvolver.evolveAll(state, ((Accepted) decision).events());
    }

    private static Expect rejects(String code) {
        return new Expect(code, List.of(), d -> {});
    }

    private static Expect accepts(
            List<Class<? extends PromotionCodeEvent>> events, Consumer<PromotionCodeDetails> check) {
        return new Expect(null, events, check);
    }
}
