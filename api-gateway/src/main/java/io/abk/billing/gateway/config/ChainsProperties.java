package io.abk.billing.gateway.config;

import io.abk.billing.schemas.avro.Mode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The chain each mode settles on, under {@code billing.chains.test|live.*} ({@code BILLING_CHAINS_TEST_*},
 * {@code BILLING_CHAINS_LIVE_*}): what hosted checkout tells the customer's wallet. A setting left out takes the
 * mode's default: Base Sepolia for test, Base for live, with Circle's USDC on each, no vault yet and no RPC URL.
 * Test mode without an RPC URL is the sandbox: charges and refunds are simulated.
 */
@ConfigurationProperties("billing.chains")
public record ChainsProperties(Chain test, Chain live) {

    public static final Chain BASE_SEPOLIA = new Chain("Base Sepolia", 84532L, "0x036CbD53842c5426634e7929541eC2318f3dCF7e", null, null);
    public static final Chain BASE = new Chain("Base", 8453L, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", null, null);
    public static final ChainsProperties DEFAULTS = new ChainsProperties(null, null);

    public ChainsProperties(@Nullable Chain test, @Nullable Chain live) {
        this.test = Chain.withDefaults("billing.chains.test (BILLING_CHAINS_TEST_*)", test, BASE_SEPOLIA);
        this.live = Chain.withDefaults("billing.chains.live (BILLING_CHAINS_LIVE_*)", live, BASE);
    }

    public Chain of(Mode mode) {
        return mode == Mode.LIVE ? live : test;
    }

    /** True in test mode with no test chain to talk to: settlements are simulated (checkout's {@code sandbox}). */
    public boolean isSandbox(Mode mode) {
        return mode == Mode.TEST && test.rpcUrl() == null;
    }

    /**
     * One chain. Blank values (an unset environment variable) count as absent.
     *
     * @param name what checkout calls the network ({@code network})
     * @param chainId the EIP-155 chain id
     * @param usdcAddress the USDC token contract
     * @param vaultAddress the subscription vault contract; null until it is deployed
     * @param rpcUrl the JSON-RPC endpoint; null: no chain is configured for this mode
     */
    public record Chain(@Nullable String name, @Nullable Long chainId, @Nullable String usdcAddress, @Nullable String vaultAddress,
            @Nullable String rpcUrl) {

        private static final Pattern EVM_ADDRESS = Pattern.compile("^0x[0-9a-fA-F]{40}$");

        public Chain {
            name = blankToNull(name);
            usdcAddress = blankToNull(usdcAddress);
            vaultAddress = blankToNull(vaultAddress);
            rpcUrl = blankToNull(rpcUrl);
        }

        /** The network's name; never blank once the mode's defaults are applied. */
        @Override
        public String name() {
            return name == null ? "" : name;
        }

        static Chain withDefaults(String setting, @Nullable Chain given, Chain defaults) {
            var chain = given == null ? defaults : new Chain(
                    given.name != null ? given.name : defaults.name,
                    given.chainId != null ? given.chainId : defaults.chainId,
                    given.usdcAddress != null ? given.usdcAddress : defaults.usdcAddress,
                    given.vaultAddress,
                    given.rpcUrl);
            chain.check(setting);
            return chain;
        }

        private void check(String setting) {
            if (name == null) {
                throw new IllegalArgumentException(setting + ": name must not be blank");
            }
            if (chainId == null || chainId < 1) {
                throw new IllegalArgumentException(setting + ": chain-id must be a positive number, got " + chainId);
            }
            if (usdcAddress == null || !EVM_ADDRESS.matcher(usdcAddress).matches()) {
                throw new IllegalArgumentException(setting + ": usdc-address must be 0x followed by 40 hexadecimal digits, got '"
                        + usdcAddress + "'");
            }
            if (vaultAddress != null && !EVM_ADDRESS.matcher(vaultAddress).matches()) {
                throw new IllegalArgumentException(setting + ": vault-address must be 0x followed by 40 hexadecimal digits, got '"
                        + vaultAddress + "'");
            }
            if (rpcUrl != null && !isHttpUrl(rpcUrl)) {
                // The URL may carry a provider's key: never echo it.
                throw new IllegalArgumentException(setting + ": rpc-url must be an absolute http(s) or ws(s) URL");
            }
        }

        private static boolean isHttpUrl(String text) {
            try {
                var uri = new URI(text);
                return uri.isAbsolute() && uri.getHost() != null
                        && List.of("http", "https", "ws", "wss").contains(uri.getScheme().toLowerCase(Locale.ROOT));
            } catch (URISyntaxException e) {
                return false;
            }
        }

        private static @Nullable String blankToNull(@Nullable String value) {
            return value == null || value.isBlank() ? null : value.strip();
        }
    }
}
