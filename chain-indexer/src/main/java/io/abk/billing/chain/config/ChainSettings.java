package io.abk.billing.chain.config;

import io.abk.billing.contracts.AnvilKeys;
import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.config.Secret;
import io.abk.billing.schemas.mode.Mode;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The chain one mode settles on ({@code BILLING_CHAINS_TEST_*} or {@code BILLING_CHAINS_LIVE_*}). Without an RPC URL
 * the mode has no chain: test mode is then the sandbox, and live mode refuses to settle.
 *
 * <p>A setting left out takes the mode's chain's value from {@link NetworkSettings}: Base Sepolia for test, Base for
 * live (the confirmation depths and their reasons are there).
 *
 * <p>USDT ({@code USDT_ADDRESS}, {@code USDT_DECIMALS}) is optional: when set, the chain's follower also publishes
 * the token's transfers to the pay-to addresses the USDT verifier watches ({@code usdt.watched-addresses}), with the
 * same confirmation depth and retractions as USDC's. It must be a contract of its own: readers of
 * {@code chain.transfers} tell USDT from USDC by the log's contract, so one contract under both names would let a
 * USDT transfer pay a USDC payment.
 *
 * <p>The relayer key and the RPC URLs are secrets (a URL often carries a provider's key): {@link #toString()} shows
 * neither.
 */
public record ChainSettings(
        Mode mode,
        String name,
        long chainId,
        List<String> rpcUrls,
        int confirmations,
        String usdcAddress,
        int usdcDecimals,
        @Nullable String vaultAddress,
        @Nullable RelayerKey relayerKey,
        FeeCaps feeCaps,
        @Nullable Long startBlock,
        Duration pollInterval,
        Duration receiptTimeout,
        boolean timeTravel,
        @Nullable String usdtAddress,
        int usdtDecimals) {

    public static final int BASE_CONFIRMATIONS = NetworkSettings.BASE.confirmations();
    public static final int BASE_SEPOLIA_CONFIRMATIONS = NetworkSettings.BASE_SEPOLIA.confirmations();
    public static final String BASE_USDC = Objects.requireNonNull(NetworkSettings.BASE.usdcAddress());
    public static final String BASE_SEPOLIA_USDC = Objects.requireNonNull(NetworkSettings.BASE_SEPOLIA.usdcAddress());
    /** USDT has 6 decimals on Tron, Ethereum and most EVM chains (BNB Chain's has 18: set it there). */
    public static final int DEFAULT_USDT_DECIMALS = 6;
    /**
     * Base's fees are a small fraction of a gwei; these caps leave room for spikes of a hundred times while bounding
     * one charge (about 100,000 gas) to well under a dollar.
     */
    public static final FeeCaps BASE_FEE_CAPS = FeeCaps.of("1", "0.1", "0.0005");
    /** Test ether is free, so the test caps only stop a runaway loop. */
    public static final FeeCaps TEST_FEE_CAPS = FeeCaps.of("50", "2", "0.01");
    /**
     * Four looks a block of Base (500 ms): a new block is found within half a second of its arrival (a paid transfer
     * shows as paid about a second after its last confirmation), for two cheap calls a second.
     */
    public static final Duration DEFAULT_POLL_INTERVAL =
            NetworkSettings.BASE.blockTime().dividedBy(4);
    /** A charge not mined in 2 minutes is stuck (Base includes within seconds): the relayer bumps its fee. */
    public static final Duration DEFAULT_RECEIPT_TIMEOUT = Duration.ofMinutes(2);

    public ChainSettings {
        var setting = prefix(mode);
        rpcUrls = List.copyOf(rpcUrls);
        require(!name.isBlank(), setting + "NAME must not be blank");
        require(chainId > 0, setting + "CHAIN_ID must be a positive number, was " + chainId);
        for (var url : rpcUrls) {
            requireRpcUrl(setting + "RPC_URL", url);
        }
        require(
                NetworkSettings.isConfirmations(confirmations),
                setting + "CONFIRMATIONS must be between 1 and 1000, was " + confirmations);
        require(NetworkSettings.isAddress(usdcAddress), setting + "USDC_ADDRESS must be 0x and 40 hex digits");
        require(decimalsInRange(usdcDecimals), setting + "USDC_DECIMALS must be between 0 and 36");
        require(
                vaultAddress == null || NetworkSettings.isAddress(vaultAddress),
                setting + "VAULT_ADDRESS must be 0x and 40 hex digits");
        require(
                usdtAddress == null || NetworkSettings.isAddress(usdtAddress),
                setting + "USDT_ADDRESS must be 0x and 40 hex digits, or empty for no USDT");
        require(
                usdtAddress == null
                        || (!usdtAddress.equalsIgnoreCase(usdcAddress) && !usdtAddress.equalsIgnoreCase(vaultAddress)),
                setting + "USDT_ADDRESS must be a contract of its own, not " + setting + "USDC_ADDRESS or " + setting
                        + "VAULT_ADDRESS");
        require(decimalsInRange(usdtDecimals), setting + "USDT_DECIMALS must be between 0 and 36");
        require(startBlock == null || startBlock >= 0, setting + "START_BLOCK cannot be negative");
        require(pollInterval.isPositive(), setting + "POLL_INTERVAL_MS must be positive");
        require(receiptTimeout.isPositive(), setting + "RECEIPT_TIMEOUT_MS must be positive");
    }

    /** True when an RPC URL is configured: the mode settles on this chain. */
    public boolean configured() {
        return !rpcUrls.isEmpty();
    }

    /** The mode's defaults with no RPC URL: Base Sepolia for test, Base for live. */
    public static ChainSettings unconfigured(Mode mode) {
        return fromEnv(mode, new Env(java.util.Map.of()));
    }

    /** Reads {@code BILLING_CHAINS_<MODE>_*}; an unusable value fails naming the variable, never echoing a secret. */
    public static ChainSettings fromEnv(Mode mode, Env vars) {
        var p = prefix(mode);
        var live = mode == Mode.LIVE;
        var network = live ? NetworkSettings.BASE : NetworkSettings.BASE_SEPOLIA;
        var caps = live ? BASE_FEE_CAPS : TEST_FEE_CAPS;
        return new ChainSettings(
                mode,
                orDefault(vars.text(p + "NAME", ""), network.name()),
                vars.number(p + "CHAIN_ID", network.chainId()),
                rpcUrls(vars.text(p + "RPC_URL", "")),
                (int) vars.number(p + "CONFIRMATIONS", network.confirmations()),
                orDefault(vars.text(p + "USDC_ADDRESS", ""), live ? BASE_USDC : BASE_SEPOLIA_USDC),
                decimals(vars, p + "USDC_DECIMALS", network.usdcDecimals()),
                blankToNull(vars.text(p + "VAULT_ADDRESS", "")),
                relayerKey(vars, p),
                feeCaps(vars, p, caps),
                startBlock(p + "START_BLOCK", vars.text(p + "START_BLOCK", "")),
                vars.millis(p + "POLL_INTERVAL_MS", DEFAULT_POLL_INTERVAL),
                vars.millis(p + "RECEIPT_TIMEOUT_MS", DEFAULT_RECEIPT_TIMEOUT),
                Boolean.parseBoolean(vars.text(p + "TIME_TRAVEL", "false").strip()),
                blankToNull(vars.text(p + "USDT_ADDRESS", "")),
                decimals(vars, p + "USDT_DECIMALS", DEFAULT_USDT_DECIMALS));
    }

    /** The prefix of this mode's variables, {@code BILLING_CHAINS_TEST_}. */
    public static String prefix(Mode mode) {
        return "BILLING_CHAINS_" + mode.name() + "_";
    }

    @Override
    public String toString() {
        return "ChainSettings[mode=" + mode.label() + ", name=" + name + ", chainId=" + chainId + ", rpcUrls="
                + rpcUrls.size() + " (hidden), confirmations=" + confirmations + ", usdcAddress=" + usdcAddress
                + ", vaultAddress=" + vaultAddress + ", relayerKey=" + (relayerKey == null ? "none" : "set (hidden)")
                + ", feeCaps=" + feeCaps + ", startBlock=" + startBlock + ", timeTravel=" + timeTravel
                + (usdtAddress == null ? "" : ", usdtAddress=" + usdtAddress + ", usdtDecimals=" + usdtDecimals) + "]";
    }

    private static @Nullable RelayerKey relayerKey(Env vars, String p) {
        var key = vars.secret(Secret.optional(p + "RELAYER_KEY")
                .refusing("one of anvil's public test account keys", AnvilKeys.PUBLIC_TEST_KEYS));
        return key.isEmpty() ? null : RelayerKey.of(key, p + "RELAYER_KEY");
    }

    private static FeeCaps feeCaps(Env vars, String p, FeeCaps defaults) {
        var fee = vars.text(p + "MAX_FEE_PER_GAS_GWEI", "");
        var tip = vars.text(p + "MAX_PRIORITY_FEE_GWEI", "");
        var cost = vars.text(p + "MAX_TX_COST_ETH", "");
        try {
            return new FeeCaps(
                    fee.isBlank()
                            ? defaults.maxFeePerGasWei()
                            : FeeCaps.of(fee, "0", "1").maxFeePerGasWei(),
                    tip.isBlank()
                            ? defaults.maxPriorityFeePerGasWei()
                            : FeeCaps.of("1000000", tip, "1").maxPriorityFeePerGasWei(),
                    cost.isBlank()
                            ? defaults.maxCostPerTxWei()
                            : FeeCaps.of("1", "0", cost).maxCostPerTxWei());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    p + "MAX_FEE_PER_GAS_GWEI, " + p + "MAX_PRIORITY_FEE_GWEI and " + p
                            + "MAX_TX_COST_ETH must be positive decimal numbers: " + e.getMessage(),
                    e);
        }
    }

    /** A token's decimals: a number that fits an int, so a huge one is refused by the range check, never wrapped. */
    private static int decimals(Env vars, String variable, int fallback) {
        long value = vars.number(variable, fallback);
        require(decimalsInRange(value), variable + " must be between 0 and 36, was " + value);
        return (int) value;
    }

    private static boolean decimalsInRange(long value) {
        return value >= 0 && value <= NetworkSettings.MAX_DECIMALS;
    }

    /** A block number, or blank / {@code latest}: start at the chain's head on the very first start. */
    private static @Nullable Long startBlock(String variable, String value) {
        var text = value.strip();
        if (text.isEmpty() || text.equalsIgnoreCase("latest")) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(variable + " must be a block number or 'latest', was '" + text + "'", e);
        }
    }

    /** Comma-separated, blanks dropped: several URLs are tried in order when one fails. */
    private static List<String> rpcUrls(String value) {
        return Arrays.stream(value.split(","))
                .map(String::strip)
                .filter(url -> !url.isEmpty())
                .toList();
    }

    private static void requireRpcUrl(String variable, String url) {
        try {
            new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(variable + " is not a valid URL: " + e.getReason());
        }
        // The value itself stays out of the message: it may carry an API key.
        require(
                NetworkSettings.isRpcUrl(url),
                variable + " must be http(s) or ws(s) URLs with a host, comma-separated, or empty for no chain");
    }

    private static String orDefault(String value, String fallback) {
        return value.isBlank() ? fallback : value.strip();
    }

    private static @Nullable String blankToNull(String value) {
        return value.isBlank() ? null : value.strip();
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
