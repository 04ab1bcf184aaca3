package io.abk.billing.chain.domain.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SandboxTxHashTest {

    private static final String ATTEMPT = "inv_01jvqz0000000000000000000a:1";

    @Test
    void shouldBe0xAnd64LowerCaseHexDigitsWhenDerivedFromARequestId() {
        assertThat(SandboxTxHash.of(ATTEMPT)).matches("0x[0-9a-f]{64}");
        assertThat(SandboxTxHash.of("")).matches("0x[0-9a-f]{64}");
    }

    @Test
    void shouldBeTheSha256OfTheSandboxSeedWhenComparedWithAKnownValue() {
        // Pinned as the sandbox promises it: "0x" + hex SHA-256 of "sandbox:" + requestId (computed independently).
        assertThat(SandboxTxHash.of(ATTEMPT))
                .isEqualTo("0x249845fc9e036c087160c45e4c2d363d3e653cbf1bf6e35bef4b05ffd2d29e21");
    }

    @Test
    void shouldGiveTheSameHashForTheSameRequestAndAnotherForAnotherRequest() {
        assertThat(SandboxTxHash.of(ATTEMPT)).isEqualTo(SandboxTxHash.of(ATTEMPT));
        assertThat(SandboxTxHash.of(ATTEMPT)).isNotEqualTo(SandboxTxHash.of("inv_01jvqz0000000000000000000a:2"));
        assertThat(SandboxTxHash.of(ATTEMPT)).isNotEqualTo(SandboxTxHash.of("inv_01jvqz0000000000000000000a:refund:1"));
    }
}
