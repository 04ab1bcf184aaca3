package io.abk.billing.gateway.controlplane.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Mode;
import java.util.HashSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyFormatTest {

    @Test
    void shouldMintWellFormedDistinctKeysOfTheGivenMode() {
        var seen = new HashSet<String>();
        for (int i = 0; i < 1_000; i++) {
            var key = ApiKeyFormat.generate(i % 2 == 0 ? Mode.TEST : Mode.LIVE);
            assertThat(ApiKeyFormat.isWellFormed(key)).isTrue();
            assertThat(key).hasSize("abk_test_".length() + 40);
            assertThat(ApiKeyFormat.modeOf(key)).isEqualTo(i % 2 == 0 ? Mode.TEST : Mode.LIVE);
            assertThat(seen.add(key)).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "abk_test_",
                "abk_test_0123456789012345678901234567890",
                "abk_prod_01234567890123456789012345678901",
                "ABK_TEST_01234567890123456789012345678901",
                "abk_test_0123456789012345678901234567890!",
                " abk_test_01234567890123456789012345678901",
                "abk_test_01234567890123456789012345678901\n"
            })
    void shouldRejectMalformedKeys(String key) {
        assertThat(ApiKeyFormat.isWellFormed(key)).isFalse();
    }

    @Test
    void shouldHashToThirtyTwoBytesAndHintWithTheLastFourCharacters() {
        var key = "abk_live_0123456789012345678901234567890123456789";
        assertThat(ApiKeyFormat.hash(key)).hasSize(32).isEqualTo(ApiKeyFormat.hash(key));
        assertThat(ApiKeyFormat.hint(key)).isEqualTo("abk_live_...6789");
        assertThat(ApiKeyFormat.isWellFormed(key)).isTrue();
    }
}
