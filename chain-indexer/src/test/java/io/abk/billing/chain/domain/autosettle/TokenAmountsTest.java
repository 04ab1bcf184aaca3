package io.abk.billing.chain.domain.autosettle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenAmountsTest {

    @Test
    void shouldKeepSixDecimalAmountsAsTheyAre() {
        assertThat(TokenAmounts.toMicros("9990000", 6)).isEqualTo(9_990_000L);
    }

    @Test
    void shouldScaleOtherDecimalsExactlyAndRoundDownWhenGivenMore() {
        assertThat(TokenAmounts.toMicros("999", 3)).isEqualTo(999_000L);
        assertThat(TokenAmounts.toMicros("9990000000000000001", 18)).isEqualTo(9_990_000L);
    }

    @Test
    void shouldCapRatherThanOverflowWhenTheAmountExceedsALong() {
        assertThat(TokenAmounts.toMicros("1" + "0".repeat(30), 6)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> TokenAmounts.toMicros("-1", 6)).isInstanceOf(IllegalArgumentException.class);
    }
}
