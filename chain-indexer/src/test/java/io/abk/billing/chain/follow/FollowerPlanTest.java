package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.schemas.mode.Mode;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FollowerPlanTest {

    private static final String USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";

    @Test
    void shouldFollowUsdcAloneWhenNoUsdtIsConfigured() {
        var settings = FollowerPlan.of(chain(Map.of()));

        assertThat(settings.tokens()).extracting(FollowedToken::symbol).containsExactly("USDC");
        assertThat(settings.usdt()).isNull();
    }

    @Test
    void shouldFollowTheChainsUsdtBesideUsdcWhenItIsConfigured() {
        var settings = FollowerPlan.of(
                chain(Map.of("BILLING_CHAINS_TEST_USDT_ADDRESS", USDT, "BILLING_CHAINS_TEST_USDT_DECIMALS", "18")));

        assertThat(settings.tokens()).extracting(FollowedToken::symbol).containsExactly("USDC");
        assertThat(settings.usdt()).isEqualTo(new FollowedToken("USDT", USDT.toLowerCase(), 18));
        assertThat(settings.toString()).contains("usdt=");
    }

    /** A configured test chain with its start block set, so no RPC is asked where to start. */
    private static ChainSettings chain(Map<String, String> extra) {
        var env = new HashMap<>(
                Map.of("BILLING_CHAINS_TEST_RPC_URL", "http://127.0.0.1:8545", "BILLING_CHAINS_TEST_START_BLOCK", "7"));
        env.putAll(extra);
        return ChainSettings.fromEnv(Mode.TEST, new Env(env));
    }
}
