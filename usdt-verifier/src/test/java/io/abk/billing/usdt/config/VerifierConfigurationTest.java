package io.abk.billing.usdt.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.usdt.domain.intent.IntentPolicy;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.streams.IntentTopology;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerifierConfigurationTest {

    private static final IntentPolicy POLICY =
            new IntentPolicy(Duration.ofHours(24), new MatchPolicy(19, BigDecimal.ONE));
    private static final String KEY = "usdt_live_key_0123456789abcdef";

    @Test
    void shouldFollowTheChainsUsdtThroughTheIndexerWhenOnAChain() {
        var properties = UsdtPropertiesTest.properties(false, List.of(KEY));

        var settings =
                VerifierConfiguration.topologySettings(properties, POLICY, VerifierDeployment.check(properties, false));

        assertThat(settings.chainId()).isEqualTo(728126428);
        assertThat(settings.token())
                .isEqualTo(new IntentTopology.ChainToken("0xa614f803b6fd780986a42c78ec9c7f77e6ded13c", 6));
    }

    @Test
    void shouldFollowNothingInTheSandbox() {
        var properties = UsdtPropertiesTest.properties(true, List.of(KEY));

        var settings =
                VerifierConfiguration.topologySettings(properties, POLICY, VerifierDeployment.check(properties, false));

        assertThat(settings.token()).isNull();
    }
}
