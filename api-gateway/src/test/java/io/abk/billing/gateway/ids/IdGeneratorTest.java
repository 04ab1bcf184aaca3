package io.abk.billing.gateway.ids;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Ids minted in one millisecond still sort in minting order (the prices of one product keep their order). */
class IdGeneratorTest {

    @Test
    void shouldMintStrictlyIncreasingIdsWhenTheClockStandsStill() {
        var generator = new IdGenerator(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
        var ids = new ArrayList<String>();
        for (int i = 0; i < 500; i++) {
            ids.add(generator.next(IdPrefix.PRICE));
        }
        assertThat(ids).isSorted().doesNotHaveDuplicates();
        assertThat(ids).allMatch(id -> Ids.isWellFormed(IdPrefix.PRICE, id));
    }
}
