package io.abk.billing.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The checks both readers of BILLING_CHAINS_* apply: which URLs, addresses and depths a chain may be given. */
class NetworkSettingsTest {

    @ParameterizedTest(name = "{0}: rpc {1}, wallet {2}")
    @CsvSource({
        "https://base-mainnet.example/v2/key, true, true",
        "http://127.0.0.1:8545, true, true",
        "wss://base.example/ws, true, false",
        "WSS://base.example, true, false",
        "ftp://key@rpc, false, false",
        "base.example, false, false",
        "https://, false, false",
        "http://exa mple, false, false"
    })
    void shouldTellRpcUrlsFromWalletUrlsWhenCheckingAChainsUrls(String url, boolean rpc, boolean wallet) {
        assertThat(NetworkSettings.isRpcUrl(url)).isEqualTo(rpc);
        assertThat(NetworkSettings.isWalletUrl(url)).isEqualTo(wallet);
    }

    @ParameterizedTest(name = "{0} confirmations: {1}")
    @CsvSource({"0, false", "1, true", "1000, true", "1001, false", "-1, false"})
    void shouldAcceptDepthsFromOneToAThousandWhenCheckingConfirmations(long confirmations, boolean accepted) {
        assertThat(NetworkSettings.isConfirmations(confirmations)).isEqualTo(accepted);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"BASE, 8453, 10", "BASE_SEPOLIA, 84532, 3", "LOCAL, 31337, 2"})
    void shouldKeepEachKnownChainsIdAndDepthWhenReadingItsDefaults(String chain, long chainId, int confirmations)
            throws ReflectiveOperationException {
        var network = (NetworkSettings) NetworkSettings.class.getField(chain).get(null);

        assertThat(network.chainId()).isEqualTo(chainId);
        assertThat(network.confirmations()).isEqualTo(confirmations);
        assertThat(network.usdcDecimals()).isEqualTo(6);
        assertThat(network.usdcAddress() == null || NetworkSettings.isAddress(network.usdcAddress()))
                .isTrue();
    }
}
