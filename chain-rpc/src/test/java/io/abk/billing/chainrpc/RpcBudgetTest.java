package io.abk.billing.chainrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The waits between rounds, and budgets that cannot be kept refused at once. */
class RpcBudgetTest {

    @Test
    void shouldDoubleTheWaitUpToItsCapWhenRoundsFail() {
        var relayer = RpcBudget.relayer(Duration.ofSeconds(30));

        assertThat(IntStream.rangeClosed(1, 7).mapToObj(relayer::backoffAfter))
                .containsExactly(
                        Duration.ofMillis(200),
                        Duration.ofMillis(400),
                        Duration.ofMillis(800),
                        Duration.ofMillis(1600),
                        Duration.ofMillis(3200),
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(5));
        assertThat(RpcBudget.FOLLOWER.backoffAfter(100)).isEqualTo(Duration.ofSeconds(5));
        assertThat(RpcBudget.oneRound(Duration.ofSeconds(10)).rounds()).isOne();
    }

    @Test
    void shouldRefuseABudgetThatCannotBeKeptWhenMade() {
        assertThatThrownBy(() -> new RpcBudget(Duration.ZERO, 1, Duration.ZERO, Duration.ZERO, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RpcBudget(Duration.ofSeconds(1), 0, Duration.ZERO, Duration.ZERO, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RpcBudget(
                        Duration.ofSeconds(1), 1, Duration.ZERO, Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
