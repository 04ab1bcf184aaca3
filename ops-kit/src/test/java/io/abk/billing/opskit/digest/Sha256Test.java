package io.abk.billing.opskit.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Sha256Test {

    /** FIPS 180-2's first test vector. */
    @Test
    void shouldHashAbcToTheStandardVectorWhenGivenAsTextOrBytes() {
        var expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

        assertThat(HexFormat.of().formatHex(Sha256.of("abc", StandardCharsets.US_ASCII)))
                .isEqualTo(expected);
        assertThat(HexFormat.of().formatHex(Sha256.of(new byte[] {'a', 'b', 'c'})))
                .isEqualTo(expected);
    }
}
