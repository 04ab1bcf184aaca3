package io.abk.billing.chain.domain.follow;

import static io.abk.billing.chain.domain.follow.Blocks.chain;
import static io.abk.billing.chain.domain.follow.Blocks.h;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BlockWindowTest {

    private static final BlockWindow WINDOW_10_TO_19 = BlockWindow.of(10, chain('a', 10, 19));

    @Test
    void shouldKeepTheNewestBlocksAndReturnTheEvictedWhenExtendedPastCapacity() {
        var extension = WINDOW_10_TO_19.extend(chain('a', 20, 22));

        assertThat(extension.window().blocks())
                .extracting(BlockRef::number)
                .containsExactly(13L, 14L, 15L, 16L, 17L, 18L, 19L, 20L, 21L, 22L);
        assertThat(extension.evicted()).extracting(BlockRef::number).containsExactly(10L, 11L, 12L);
    }

    @Test
    void shouldAcceptAnyFirstRangeWhenEmpty() {
        var extension = BlockWindow.empty(4).extend(chain('a', 100, 105));

        assertThat(extension.window().blocks()).extracting(BlockRef::number).containsExactly(102L, 103L, 104L, 105L);
        assertThat(extension.evicted()).hasSize(2);
    }

    static Stream<Arguments> ranges() {
        return Stream.of(
                Arguments.of("continues the tip", chain('a', 20, 25), WindowCheck.Links.class),
                Arguments.of("empty range", List.of(), WindowCheck.Links.class),
                Arguments.of(
                        "first block's parent is another branch's 19", chain('b', 'b', 20, 25), WindowCheck.Fork.class),
                Arguments.of(
                        "block 20 replaced, 21 on the new branch", chain('a', 'b', 20, 21), WindowCheck.Links.class),
                Arguments.of(
                        "21 does not name 20 as parent",
                        List.of(
                                chain('a', 20, 20).getFirst(),
                                chain('b', 21, 21).getFirst()),
                        WindowCheck.Torn.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ranges")
    void shouldTellWhetherARangeContinuesTheWindow(String name, List<BlockRef> range, Class<?> expected) {
        assertThat(WINDOW_10_TO_19.check(range)).isInstanceOf(expected);
    }

    @Test
    void shouldRefuseToExtendWithARangeThatForks() {
        assertThatThrownBy(() -> WINDOW_10_TO_19.extend(chain('b', 'b', 20, 21)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static Stream<Arguments> forks() {
        return Stream.of(
                // canonical chain forked from ours after block f: ours 10..19 on 'a', canonical 'b' above f
                Arguments.of("tip still canonical", 19L, 19L, 0),
                Arguments.of("one block reorged", 18L, 18L, 1),
                Arguments.of("five blocks reorged", 14L, 14L, 5),
                Arguments.of("all but the oldest reorged", 10L, 10L, 9));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forks")
    void shouldFindTheNewestCanonicalBlockWalkingBack(
            String name, long forkedAfter, long expectedForkPoint, int expectedDepth) {
        var search = WINDOW_10_TO_19.forkPoint(canonical(forkedAfter, 19));

        assertThat(search).isInstanceOfSatisfying(ForkSearch.Found.class, found -> {
            assertThat(found.forkPoint().number()).isEqualTo(expectedForkPoint);
            assertThat(found.depth()).isEqualTo(expectedDepth);
            assertThat(found.orphaned()).extracting(BlockRef::number).allMatch(n -> n > expectedForkPoint);
        });
    }

    @Test
    void shouldTreatBlocksTheChainNoLongerHasAsReorgedOut() {
        // The canonical chain is shorter (a node reverted): 17..19 have no canonical hash at all.
        var canonical = canonical(19, 19);
        canonical.keySet().removeIf(n -> n >= 17);

        var search = WINDOW_10_TO_19.forkPoint(canonical);

        assertThat(search)
                .isEqualTo(new ForkSearch.Found(WINDOW_10_TO_19.block(16).orElseThrow(), chain('a', 17, 19)));
    }

    @Test
    void shouldGiveUpWithAClearMessageWhenTheForkIsOlderThanTheWindow() {
        var search = WINDOW_10_TO_19.forkPoint(canonical(5, 19));

        assertThat(search).isEqualTo(new ForkSearch.BeyondWindow(10, 19));
        assertThat(((ForkSearch.BeyondWindow) search).message()).contains("reorg deeper than the window", "10..19");
    }

    @Test
    void shouldDropTheBlocksAboveTheForkPointWhenRewound() {
        assertThat(WINDOW_10_TO_19.rewindTo(14).tip()).map(BlockRef::number).contains(14L);
        assertThat(WINDOW_10_TO_19.rewindTo(14).check(chain('b', 'b', 15, 16))).isInstanceOf(WindowCheck.Fork.class);
        assertThat(WINDOW_10_TO_19.rewindTo(14).check(chain('a', 15, 16))).isInstanceOf(WindowCheck.Links.class);
    }

    /** Canonical hashes of 0..tip: branch 'a' up to {@code forkedAfter}, branch 'b' above. */
    private static Map<Long, String> canonical(long forkedAfter, long tip) {
        var hashes = new HashMap<Long, String>();
        for (long n = 0; n <= tip; n++) {
            hashes.put(n, h(n <= forkedAfter ? 'a' : 'b', n));
        }
        return hashes;
    }
}
