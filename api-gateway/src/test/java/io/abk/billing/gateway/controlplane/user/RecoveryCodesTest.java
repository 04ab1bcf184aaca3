package io.abk.billing.gateway.controlplane.user;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import org.junit.jupiter.api.Test;

/** Recovery codes: their shape, what a typed code is taken as, and hashes that differ per member. */
class RecoveryCodesTest {

    @Test
    void shouldMakeTenDistinctCodesOfThreeGroupsOfFourBase32Characters() {
        var seen = new HashSet<String>();
        for (var set = 0; set < 50; set++) {
            var codes = RecoveryCodes.newSet();
            assertThat(codes)
                    .hasSize(RecoveryCodes.COUNT)
                    .allMatch(
                            code -> code.matches("[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}"));
            seen.addAll(codes);
        }
        // 500 codes of 60 random bits: a repeat would mean the randomness is broken
        assertThat(seen).hasSize(500);
    }

    @Test
    void shouldTakeATypedCodeWhateverItsCaseHyphensSpacesOrMisreadLetters() {
        assertThat(RecoveryCodes.normalized(" AB3D-EF6G-HJ7K ")).contains("ab3def6ghj7k");
        assertThat(RecoveryCodes.normalized("ab3d ef6g hj7k")).contains("ab3def6ghj7k");
        assertThat(RecoveryCodes.normalized("O1IL-0000-1111")).contains("0111" + "00001111");
    }

    @Test
    void shouldTakeNoAuthenticatorCodeOrMalformedTextForARecoveryCode() {
        assertThat(RecoveryCodes.normalized("123456")).isEmpty();
        assertThat(RecoveryCodes.normalized("123 456")).isEmpty();
        assertThat(RecoveryCodes.normalized("abcd-efgh-jkm")).as("too short").isEmpty();
        assertThat(RecoveryCodes.normalized("abcd-efgh-jkmnp")).as("too long").isEmpty();
        assertThat(RecoveryCodes.normalized("abcd-efgh-jkm!")).isEmpty();
        assertThat(RecoveryCodes.normalized("abcd-efgh-jkmu"))
                .as("u is not Crockford base32")
                .isEmpty();
    }

    @Test
    void shouldHashOneCodeApartForTwoMembers() {
        var one = RecoveryCodes.hash("usr_a", "ab3def6ghj7k");
        assertThat(one).hasSize(32).isEqualTo(RecoveryCodes.hash("usr_a", "ab3def6ghj7k"));
        assertThat(RecoveryCodes.hash("usr_b", "ab3def6ghj7k")).isNotEqualTo(one);
    }
}
