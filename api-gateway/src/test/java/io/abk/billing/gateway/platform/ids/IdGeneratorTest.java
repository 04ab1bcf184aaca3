package io.abk.billing.gateway.platform.ids;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ids minted in one millisecond still sort in minting order (the prices of one product keep their order), and a
 * request with an Idempotency-Key mints the same ids on every run.
 */
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

    @Test
    void shouldMintTheSameSortedIdsWhenARequestWithAKeyRunsAgain() {
        var generator = new IdGenerator(Clock.systemUTC());
        var identity = new CommandIdentity(
                "cmd_01jcrgx3b2m0x9k8d7f6e5a4s3",
                Instant.parse("2026-01-01T00:00:00Z"),
                "key-1",
                CommandIdentity.Claim.TAKEOVER);

        var first = mint(generator.forRequest(identity));
        var again = mint(generator.forRequest(identity));
        var otherRequest = mint(generator.forRequest(new CommandIdentity(
                "cmd_01jcrgx3b2m0x9k8d7f6e5a4s4", identity.seedTime(), "key-2", CommandIdentity.Claim.FIRST)));

        assertThat(again).isEqualTo(first);
        assertThat(first.getFirst()).isEqualTo(identity.derivedId(IdPrefix.PRODUCT));
        assertThat(first.subList(1, first.size()))
                .isSorted()
                .doesNotHaveDuplicates()
                .allMatch(id -> Ids.isWellFormed(IdPrefix.PRICE, id));
        assertThat(otherRequest).doesNotContainAnyElementsOf(first);
        assertThat(generator.forRequest(null)).as("no key: fresh ids").isSameAs(generator);
    }

    private static List<String> mint(NewIds ids) {
        var minted = new ArrayList<String>();
        minted.add(ids.next(IdPrefix.PRODUCT));
        for (int i = 0; i < 50; i++) {
            minted.add(ids.next(IdPrefix.PRICE));
        }
        return minted;
    }
}
