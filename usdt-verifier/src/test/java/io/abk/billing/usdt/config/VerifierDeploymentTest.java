package io.abk.billing.usdt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.usdt.http.auth.ServiceKeys;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerifierDeploymentTest {

    private static final String KEY = "usdt_live_key_0123456789abcdef";

    private static UsdtProperties properties(boolean sandbox, List<String> keys) {
        return UsdtPropertiesTest.properties(sandbox, keys);
    }

    @Test
    void shouldAcceptTheDevelopmentKeyWhenNoKeysAreConfiguredOutsideProduction() {
        var deployment = VerifierDeployment.check(properties(true, List.of()), false);

        assertThat(deployment.keys().accepts(ServiceKeys.DEVELOPMENT_KEY)).isTrue();
        assertThat(deployment.keys().accepts(KEY)).isFalse();
        assertThat(deployment.sandbox()).isTrue();
    }

    @Test
    void shouldAcceptOnlyTheConfiguredKeysWhenSomeAreConfigured() {
        var deployment = VerifierDeployment.check(properties(true, List.of(KEY, "another_key_0123456789")), false);

        assertThat(deployment.keys().accepts(KEY)).isTrue();
        assertThat(deployment.keys().accepts("another_key_0123456789")).isTrue();
        assertThat(deployment.keys().accepts(ServiceKeys.DEVELOPMENT_KEY)).isFalse();
        assertThat(deployment.keys().accepts(KEY + "x")).isFalse();
        assertThat(deployment.keys().accepts("")).isFalse();
    }

    @Test
    void shouldRefuseTheSandboxWhenTheProductionProfileIsActive() {
        assertThatThrownBy(() -> VerifierDeployment.check(properties(true, List.of(KEY)), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BILLING_USDT_SANDBOX=true is refused under the production profile");
    }

    @Test
    void shouldRefuseToRunWithoutKeysWhenTheProductionProfileIsActive() {
        assertThatThrownBy(() -> VerifierDeployment.check(properties(false, List.of()), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BILLING_USDT_KEYS");
    }

    @Test
    void shouldRefuseTheDevelopmentKeyWhenListedUnderTheProductionProfile() {
        assertThatThrownBy(() ->
                        VerifierDeployment.check(properties(false, List.of(KEY, ServiceKeys.DEVELOPMENT_KEY)), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("development key");
    }

    @Test
    void shouldRunWithItsKeysAndTheChainWhenTheProductionProfileIsActive() {
        var deployment = VerifierDeployment.check(properties(false, List.of(KEY)), true);

        assertThat(deployment.production()).isTrue();
        assertThat(deployment.sandbox()).isFalse();
        assertThat(deployment.keys().accepts(KEY)).isTrue();
    }
}
