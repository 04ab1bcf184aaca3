package io.abk.billing.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The one hex helper: any case in, lower case out, the two shapes checked, bytes through the JDK's HexFormat. */
class EvmHexTest {

    private static final String WORD = "0x" + "Ab".repeat(32);
    private static final String TOPIC = "0x" + "0".repeat(24) + "Cd".repeat(20);

    @Test
    void shouldGiveOneLowerCaseSpellingWhenTheShapeIsRight() {
        assertThat(EvmHex.word(WORD, "hash")).isEqualTo("0x" + "ab".repeat(32));
        assertThat(EvmHex.address("0x" + "Cd".repeat(20), "to")).isEqualTo("0x" + "cd".repeat(20));
        assertThat(EvmHex.addressFromTopic(TOPIC)).isEqualTo("0x" + "cd".repeat(20));
        assertThat(EvmHex.of(new byte[] {0, 15, (byte) 255})).isEqualTo("0x000fff");
        assertThat(EvmHex.of(EvmHex.wordBytes(WORD, "hash"))).isEqualTo(EvmHex.word(WORD, "hash"));
    }

    @Test
    void shouldRefuseNamingTheValueWhenTheShapeIsWrong() {
        assertThatThrownBy(() -> EvmHex.word("0x" + "a".repeat(63), "chargeId"))
                .hasMessageStartingWith("chargeId must be");
        assertThatThrownBy(() -> EvmHex.address("ab".repeat(20), "to")).hasMessageStartingWith("to must be");
        assertThatThrownBy(() -> EvmHex.address("0x" + "g".repeat(40), "to")).hasMessageContaining("40 hex digits");
        assertThat(EvmHex.isAddress("0x" + "a".repeat(41))).isFalse();
    }
}
