package io.abk.billing.schemas.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.money.UsagePricing.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UsagePricingTest {

    // 1-1000 at 0.01, 1001-10000 at 0.008 plus 5 USDC flat, then 0.000001 (one micro) each.
    private static final List<Tier> TIERS =
            List.of(new Tier(1_000L, 10_000, 0), new Tier(10_000L, 8_000, 5_000_000), new Tier(null, 1, 0));

    @ParameterizedTest(name = "{0} units: {1} micro-USDC")
    @CsvSource({
        "0, 0",
        "1, 10000",
        "1000, 10000000",
        "1001, 15008000", // the second tier's flat amount comes with its first unit
        "10000, 87000000",
        "10001, 87000001",
        "1000000, 87990000"
    })
    void shouldPriceEachTiersUnitsWhenGraduated(long quantity, long expected) {
        assertThat(UsagePricing.amountMicros(quantity, 0, TIERS)).isEqualTo(expected);
    }

    @Test
    void shouldMultiplyWhenThereAreNoTiers() {
        assertThat(UsagePricing.amountMicros(1_234_567, 1, List.of())).isEqualTo(1_234_567);
        assertThat(UsagePricing.amountMicros(3, 333_333, List.of())).isEqualTo(999_999);
        assertThat(UsagePricing.amountMicros(0, 5_000_000, List.of())).isZero();
    }

    @Test
    void shouldEqualAUnitByUnitSumWhenTiersAreRandom() {
        var random = new Random(28);
        for (int round = 0; round < 300; round++) {
            var tiers = new ArrayList<Tier>();
            long upTo = 0;
            int count = 1 + random.nextInt(4);
            for (int i = 0; i < count; i++) {
                boolean last = i == count - 1;
                upTo += 1 + random.nextInt(50);
                tiers.add(new Tier(
                        last ? null : upTo,
                        random.nextInt(2_000_000),
                        random.nextInt(3) == 0 ? 0 : random.nextInt(9_000_000)));
            }
            long quantity = random.nextInt(250);
            assertThat(UsagePricing.amountMicros(quantity, 0, tiers))
                    .as("round %d, %d units by %s", round, quantity, tiers)
                    .isEqualTo(unitByUnit(quantity, tiers));
        }
    }

    @Test
    void shouldRefuseTiersOutOfOrderOrBoundedAtTheEnd() {
        assertThat(UsagePricing.invalidTiers(List.of())).isNotNull();
        assertThat(UsagePricing.invalidTiers(List.of(new Tier(10L, 1, 0)))).contains("last tier");
        assertThat(UsagePricing.invalidTiers(List.of(new Tier(10L, 1, 0), new Tier(5L, 1, 0), new Tier(null, 1, 0))))
                .contains("greater");
        assertThat(UsagePricing.invalidTiers(List.of(new Tier(null, 1, 0), new Tier(null, 1, 0))))
                .isNotNull();
        assertThat(UsagePricing.invalidTiers(TIERS)).isNull();
        assertThatThrownBy(() -> UsagePricing.amountMicros(5, 0, List.of(new Tier(10L, 1, 0))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseAnAmountPastALongWhenItOverflows() {
        assertThatThrownBy(() -> UsagePricing.amountMicros(Long.MAX_VALUE / 2, 3, List.of()))
                .isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> UsagePricing.amountMicros(-1, 3, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The reference: each unit priced by the tier its ordinal falls in, each tier's flat amount once when reached. */
    private static long unitByUnit(long quantity, List<Tier> tiers) {
        return LongStream.rangeClosed(1, quantity)
                        .map(unit -> tierOf(unit, tiers).unitAmountMicros())
                        .sum()
                + tiers.stream()
                        .filter(tier -> quantity > 0 && reached(tier, quantity, tiers))
                        .mapToLong(Tier::flatAmountMicros)
                        .sum();
    }

    private static Tier tierOf(long unit, List<Tier> tiers) {
        return tiers.stream()
                .filter(tier -> tier.upTo() == null || unit <= tier.upTo())
                .findFirst()
                .orElseThrow();
    }

    private static boolean reached(Tier tier, long quantity, List<Tier> tiers) {
        int index = tiers.indexOf(tier);
        long firstUnit = index == 0 ? 1 : tiers.get(index - 1).upTo() + 1;
        return quantity >= firstUnit;
    }
}
