package io.abk.billing.webhookverify.sealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SealingKeysTest {

    private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

    @Test
    void shouldTakeTheOnlyKeyAsActiveWhenNoneIsNamed() {
        var keys = SealingKeys.of("k1:" + KEY, "", true);

        assertThat(keys.activeId()).isEqualTo("k1");
        assertThat(keys.isDevelopment()).isFalse();
    }

    @Test
    void shouldListTheActiveKeyFirstWhenTheRingHoldsSeveral() {
        var keys = SealingKeys.of("a:" + KEY + ", b:" + KEY + ",c:" + KEY, "b", true);

        assertThat(keys.ids()).containsExactly("b", "a", "c");
    }

    @Test
    void shouldUseTheDevelopmentKeyOutsideProductionWhenNoneIsConfigured() {
        var keys = SealingKeys.of(" ", "", false);

        assertThat(keys.isDevelopment()).isTrue();
        assertThat(keys.activeId()).isEqualTo("dev");
    }

    @Test
    void shouldRefuseToStartUnderProductionWhenNoKeyIsConfigured() {
        assertThatThrownBy(() -> SealingKeys.of("", "", true))
                .hasMessageStartingWith("BILLING_SECRETS_KEYS must be set under the production profile");
    }

    @Test
    void shouldRefuseTheDevelopmentKeyUnderProduction() {
        var development = "ZGV2ZWxvcG1lbnQta2V5LW5vdC1mb3ItcHJvZHVjdGk=";

        assertThatThrownBy(() -> SealingKeys.of("mine:" + development, "", true))
                .hasMessageContaining("'mine' is the documented development key");
        assertThat(SealingKeys.of("mine:" + development, "", false).activeId()).isEqualTo("mine");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "k1                       | ''  | BILLING_SECRETS_KEYS entry 1 must be keyId:base64key",
                "k1:%%%%                  | ''  | BILLING_SECRETS_KEYS key 'k1' is not base64",
                "k1:AAAA                  | ''  | BILLING_SECRETS_KEYS key 'k1' is 3 bytes; it must be 32",
                "'a:b:'                   | ''  | BILLING_SECRETS_KEYS key 'a' is not base64",
                "'bad id:AAAA'            | ''  | BILLING_SECRETS_KEYS entry 1 has the key id 'bad id'",
                "'k1:KEY,k1:KEY'          | ''  | BILLING_SECRETS_KEYS lists the key id 'k1' twice",
                "'k1:KEY,k2:KEY'          | ''  | BILLING_SECRETS_ACTIVE_KEY must name the key that seals, one of [k1, k2]",
                "'k1:KEY'                 | k9  | BILLING_SECRETS_ACTIVE_KEY is 'k9', which is not a key of BILLING_SECRETS_KEYS [k1]",
                "''                       | k9  | BILLING_SECRETS_ACTIVE_KEY is 'k9' but BILLING_SECRETS_KEYS is empty",
            })
    void shouldNameTheVariableWhenTheSettingIsBad(String keys, String active, String message) {
        assertThatThrownBy(() -> SealingKeys.of(keys.replace("KEY", KEY), active, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message)
                .hasMessageNotContaining(KEY);
    }

    @Test
    void shouldNeverShowAKeyWhenPrinted() {
        assertThat(SealingKeys.of("k1:" + KEY, "", true)).hasToString("SealingKeys[active=k1, ids=[k1]]");
    }
}
