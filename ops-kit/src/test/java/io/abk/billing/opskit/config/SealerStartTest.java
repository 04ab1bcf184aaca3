package io.abk.billing.opskit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class SealerStartTest {

    @Test
    void shouldSealWithTheDevelopmentKeyWhenNoKeyIsConfiguredOutsideProduction() {
        var sealer = SealerStart.sealer("", "", new MockEnvironment(), "sealed");

        assertThat(sealer.open(sealer.seal("whsec_secret", "we_1"), "we_1")).isEqualTo("whsec_secret");
    }

    /** A production start without a key would seal every endpoint's secret with a key everybody knows. */
    @Test
    void shouldRefuseToStartWhenNoKeyIsConfiguredUnderTheProductionProfile() {
        var production = new MockEnvironment();
        production.setActiveProfiles(Env.PRODUCTION_PROFILE);

        assertThatThrownBy(() -> SealerStart.sealer("", "", production, "opened"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BILLING_SECRETS_KEYS");
    }
}
