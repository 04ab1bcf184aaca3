package io.abk.billing.gateway.config;

import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The chain each mode settles on, under {@code billing.chains.test|live.*} ({@code BILLING_CHAINS_TEST_*},
 * {@code BILLING_CHAINS_LIVE_*}): what hosted checkout tells the customer's wallet. A setting left out takes the
 * mode's default ({@link NetworkSettings}): Base Sepolia for test, Base for live, with Circle's USDC on each, no vault
 * yet and no RPC URL.
 * Test mode without an RPC URL is the sandbox: charges and refunds are simulated.
 *
 * <p>The public RPC URLs and the block explorer are what a wallet is told to add ({@code wallet_addEthereumChain});
 * their defaults are Base's and Base Sepolia's own and apply only while the chain id is that network's: a wallet
 * given another network's URLs for a local chain would be pointed at the wrong chain. The private {@code rpc-url}
 * (which may carry a provider's key) is never shown to anyone.
 */
@ConfigurationProperties("billing.chains")
public record ChainsProperties(Chain test, Chain live) {

    public static final Chain BASE_SEPOLIA = Chain.of(NetworkSettings.BASE_SEPOLIA);
    public static final Chain BASE = Chain.of(NetworkSettings.BASE);
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

    /** True when the mode settles on a chain (an RPC URL is configured): checkout then gives the wallet calls to sign. */
    public boolean hasChain(Mode mode) {
        return of(mode).rpcUrl() != null;
    }

    /**
     * One chain. Blank values (an unset environment variable) count as absent.
     *
     * @param name what checkout calls the network ({@code network})
     * @param chainId the EIP-155 chain id
     * @param usdcAddress the USDC token contract
     * @param vaultAddress the subscription vault contract; null until it is deployed
     * @param rpcUrl the JSON-RPC endpoint; null: no chain is configured for this mode. Private: it may carry a key
     * @param usdcDecimals the USDC token's decimals ({@code usdc-decimals}, default 6)
     * @param publicRpcUrls the RPC URLs a customer's wallet may use ({@code public-rpc-urls}, comma-separated)
     * @param explorerUrl the block explorer ({@code explorer-url}); null: the chain has none (a local chain)
     * @param confirmations blocks on top of a transfer before it counts ({@code confirmations}), as chain-indexer waits
     */
    public record Chain(
            @Nullable String name,
            @Nullable Long chainId,
            @Nullable String usdcAddress,
            @Nullable String vaultAddress,
            @Nullable String rpcUrl,
            @Nullable Integer usdcDecimals,
            @Nullable List<String> publicRpcUrls,
            @Nullable String explorerUrl,
            @Nullable Integer confirmations) {

        public Chain {
            name = blankToNull(name);
            usdcAddress = blankToNull(usdcAddress);
            vaultAddress = blankToNull(vaultAddress);
            rpcUrl = blankToNull(rpcUrl);
            publicRpcUrls = publicRpcUrls == null
                    ? null
                    : publicRpcUrls.stream()
                            .map(Chain::blankToNull)
                            .filter(Objects::nonNull)
                            .toList();
            explorerUrl = blankToNull(explorerUrl);
        }

        /** A known chain's values, with no vault and no RPC URL. */
        static Chain of(NetworkSettings network) {
            return new Chain(
                    network.name(),
                    network.chainId(),
                    network.usdcAddress(),
                    null,
                    null,
                    network.usdcDecimals(),
                    network.publicRpcUrls(),
                    network.explorerUrl(),
                    network.confirmations());
        }

        /** The network's name; never blank once the mode's defaults are applied. */
        @Override
        public String name() {
            return name == null ? "" : name;
        }

        /** The chain id; never null once the mode's defaults are applied (they check it). */
        @Override
        public Long chainId() {
            return Objects.requireNonNull(chainId, "chain-id is checked when the mode's defaults are applied");
        }

        /** The USDC token's address; never null once the mode's defaults are applied (they check it). */
        @Override
        public String usdcAddress() {
            return Objects.requireNonNull(usdcAddress, "usdc-address is checked when the mode's defaults are applied");
        }

        /** The USDC token's decimals; never null once the mode's defaults are applied. */
        @Override
        public Integer usdcDecimals() {
            return usdcDecimals == null ? UsdcAmount.DECIMALS : usdcDecimals;
        }

        /** The public RPC URLs, possibly none; never null once the mode's defaults are applied. */
        @Override
        public List<String> publicRpcUrls() {
            return publicRpcUrls == null ? List.of() : publicRpcUrls;
        }

        /** The confirmation depth; never null once the mode's defaults are applied. */
        @Override
        public Integer confirmations() {
            return confirmations == null ? NetworkSettings.BASE.confirmations() : confirmations;
        }

        static Chain withDefaults(String setting, @Nullable Chain given, Chain defaults) {
            var chain = given == null ? defaults : fill(given, defaults);
            chain.check(setting);
            return chain;
        }

        private static Chain fill(Chain given, Chain defaults) {
            var chainId = given.chainId != null ? given.chainId : defaults.chainId;
            // The network's own URLs only while it is that network: another chain id has no default to borrow.
            var sameNetwork = Objects.equals(chainId, defaults.chainId);
            return new Chain(
                    given.name != null ? given.name : defaults.name,
                    chainId,
                    given.usdcAddress != null ? given.usdcAddress : defaults.usdcAddress,
                    given.vaultAddress,
                    given.rpcUrl,
                    given.usdcDecimals != null ? given.usdcDecimals : defaults.usdcDecimals,
                    given.publicRpcUrls != null && !given.publicRpcUrls.isEmpty()
                            ? given.publicRpcUrls
                            : sameNetwork ? defaults.publicRpcUrls : List.of(),
                    given.explorerUrl != null ? given.explorerUrl : sameNetwork ? defaults.explorerUrl : null,
                    given.confirmations != null ? given.confirmations : defaults.confirmations);
        }

        private void check(String setting) {
            if (name == null) {
                throw new IllegalArgumentException(setting + ": name must not be blank");
            }
            if (chainId == null || chainId < 1) {
                throw new IllegalArgumentException(setting + ": chain-id must be a positive number, got " + chainId);
            }
            if (usdcAddress == null || !NetworkSettings.isAddress(usdcAddress)) {
                throw new IllegalArgumentException(setting
                        + ": usdc-address must be 0x followed by 40 hexadecimal digits, got '" + usdcAddress + "'");
            }
            if (vaultAddress != null && !NetworkSettings.isAddress(vaultAddress)) {
                throw new IllegalArgumentException(setting
                        + ": vault-address must be 0x followed by 40 hexadecimal digits, got '" + vaultAddress + "'");
            }
            if (rpcUrl != null && !NetworkSettings.isRpcUrl(rpcUrl)) {
                // The URL may carry a provider's key: never echo it.
                throw new IllegalArgumentException(setting + ": rpc-url must be an absolute http(s) or ws(s) URL");
            }
            // Micro-USDC must convert to base units exactly, so fewer than 6 decimals cannot be served.
            if (usdcDecimals() < UsdcAmount.DECIMALS || usdcDecimals() > NetworkSettings.MAX_DECIMALS) {
                throw new IllegalArgumentException(
                        setting + ": usdc-decimals must be between 6 and 36, got " + usdcDecimals);
            }
            for (var url : publicRpcUrls()) {
                if (!NetworkSettings.isWalletUrl(url)) {
                    throw new IllegalArgumentException(
                            setting + ": public-rpc-urls must be absolute http(s) URLs, got '" + url + "'");
                }
            }
            if (explorerUrl != null && !NetworkSettings.isWalletUrl(explorerUrl)) {
                throw new IllegalArgumentException(
                        setting + ": explorer-url must be an absolute http(s) URL, got '" + explorerUrl + "'");
            }
            if (!NetworkSettings.isConfirmations(confirmations())) {
                throw new IllegalArgumentException(
                        setting + ": confirmations must be between 1 and 1000, got " + confirmations);
            }
        }

        private static @Nullable String blankToNull(@Nullable String value) {
            return value == null || value.isBlank() ? null : value.strip();
        }
    }
}
