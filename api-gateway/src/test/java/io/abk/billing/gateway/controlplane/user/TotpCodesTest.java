package io.abk.billing.gateway.controlplane.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** RFC 6238 codes against the RFC's own test vector, the one step of drift either side, and a code accepted once. */
class TotpCodesTest {

    /** RFC 6238 Appendix B's SHA-1 key, "12345678901234567890", in base32. */
    private static final String RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    private static final Instant NOW = Instant.parse("2026-11-30T07:30:10Z");

    @Test
    void shouldMakeTheRfcsCodeForItsTestTime() {
        // RFC 6238 Appendix B: T = 59 s gives 94287082 in eight digits; six digits are its last six.
        assertThat(TotpCodes.codeAt(RFC_SECRET, TotpCodes.stepAt(Instant.ofEpochSecond(59))))
                .isEqualTo("287082");
    }

    @Test
    void shouldAcceptTheCodeOfNowAndOfOneStepEitherSideOnly() {
        var step = TotpCodes.stepAt(NOW);

        for (long drift = -1; drift <= 1; drift++) {
            var code = TotpCodes.codeAt(RFC_SECRET, step + drift);
            assertThat(TotpCodes.matchingStep(RFC_SECRET, code, NOW, null))
                    .as("drift %d", drift)
                    .hasValue(step + drift);
        }
        assertThat(TotpCodes.matchingStep(RFC_SECRET, TotpCodes.codeAt(RFC_SECRET, step - 2), NOW, null))
                .isEmpty();
        assertThat(TotpCodes.matchingStep(RFC_SECRET, TotpCodes.codeAt(RFC_SECRET, step + 2), NOW, null))
                .isEmpty();
    }

    @Test
    void shouldRefuseACodeOfAStepAlreadyAcceptedOrEarlier() {
        // Protects against a replayed code: a step at or before the last one accepted never matches again.
        var step = TotpCodes.stepAt(NOW);
        var code = TotpCodes.codeAt(RFC_SECRET, step);

        assertThat(TotpCodes.matchingStep(RFC_SECRET, code, NOW, step)).isEmpty();
        assertThat(TotpCodes.matchingStep(RFC_SECRET, code, NOW, step + 1)).isEmpty();
        assertThat(TotpCodes.matchingStep(RFC_SECRET, code, NOW, step - 1)).hasValue(step);
    }

    @Test
    void shouldReadSpacesBetweenDigitsAndRefuseWhatIsNotSixDigits() {
        var step = TotpCodes.stepAt(NOW);
        var code = TotpCodes.codeAt(RFC_SECRET, step);

        assertThat(TotpCodes.matchingStep(RFC_SECRET, code.substring(0, 3) + " " + code.substring(3), NOW, null))
                .hasValue(step);
        assertThat(TotpCodes.matchingStep(RFC_SECRET, code.substring(1), NOW, null))
                .isEmpty();
        assertThat(TotpCodes.matchingStep(RFC_SECRET, "abcdef", NOW, null)).isEmpty();
        assertThat(TotpCodes.matchingStep(RFC_SECRET, "", NOW, null)).isEmpty();
    }

    @Test
    void shouldMakeAnOtpauthUriWithTheSecretAndANewSecretEachTime() {
        var secret = TotpCodes.newSecret();

        assertThat(secret).matches("[A-Z2-7]{32}").isNotEqualTo(TotpCodes.newSecret());
        assertThat(TotpCodes.uri("a@example.com", secret))
                .startsWith("otpauth://totp/")
                .contains("secret=" + secret)
                .contains("digits=6")
                .contains("period=30");
    }
}
