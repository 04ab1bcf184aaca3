package io.abk.billing.schemas.ids;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

class IdsTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void shouldMintWellFormedUniqueIdsWithTheirPrefix() {
        var seen = new HashSet<String>();
        for (int i = 0; i < 10_000; i++) {
            var id = Ids.newId(IdPrefix.SUBSCRIPTION, T0);
            assertThat(Ids.isWellFormed(IdPrefix.SUBSCRIPTION, id)).as(id).isTrue();
            assertThat(seen.add(id)).as("duplicate %s", id).isTrue();
        }
    }

    @Test
    void shouldSortByCreationTimeWhenComparedAsStrings() {
        var earlier = Ids.newId(IdPrefix.INVOICE, T0);
        var later = Ids.newId(IdPrefix.INVOICE, T0.plusMillis(1));
        assertThat(earlier.compareTo(later)).isNegative();
    }

    @Test
    void shouldDeriveTheSameIdFromTheSameSeedAndADifferentOneFromAnother() {
        assertThat(Ids.derivedId(IdPrefix.EVENT, T0, "cmd_x:0"))
                .isEqualTo(Ids.derivedId(IdPrefix.EVENT, T0, "cmd_x:0"));
        assertThat(Ids.derivedId(IdPrefix.EVENT, T0, "cmd_x:0"))
                .isNotEqualTo(Ids.derivedId(IdPrefix.EVENT, T0, "cmd_x:1"));
        assertThat(Ids.isWellFormed(IdPrefix.EVENT, Ids.derivedId(IdPrefix.EVENT, T0, "s")))
                .isTrue();
    }

    @Test
    void shouldRejectIdsOfAnotherTypeOrShape() {
        var id = Ids.newId(IdPrefix.SUBSCRIPTION, T0);
        assertThat(Ids.isWellFormed(IdPrefix.INVOICE, id)).isFalse();
        assertThat(Ids.isWellFormed(IdPrefix.SUBSCRIPTION, id + "x")).isFalse();
        assertThat(Ids.isWellFormed(IdPrefix.SUBSCRIPTION, id.toUpperCase())).isFalse();
        assertThat(Ids.isWellFormed(IdPrefix.SUBSCRIPTION, "sub_../../etc/passwd"))
                .isFalse();
    }
}
