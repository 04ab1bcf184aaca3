package io.abk.billing.contracts;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The public facts of a chain the platform settles on, and the known chains' values of them, defined once: the
 * defaults of chain-indexer's {@code ChainSettings} and of the gateway's {@code ChainsProperties}, which read the same
 * {@code BILLING_CHAINS_<MODE>_*} variables, and the values of the local stack's chain. The checks both apply to a
 * configured chain are here too.
 *
 * <p>Confirmation depth, the number of blocks on top of a transfer's block before it counts (the block itself counts
 * as one):
 * <ul>
 *   <li>Base (live, 10): Base is an OP Stack rollup with a single sequencer. Its blocks (one every 2 s) can only be
 *       reorganised before their batch is posted to Ethereum, which happens within minutes, and in practice only when
 *       the sequencer itself fails over; such reorgs have touched the few newest blocks. Ten blocks (20 s) is past
 *       every sequencer reorg seen so far while keeping checkout under half a minute; a deeper reorg is still caught
 *       and retracted, never silently kept.</li>
 *   <li>Base Sepolia (test, 3): the same rollup with worthless money, so speed wins: three blocks (6 s).</li>
 *   <li>The local anvil chain (2): anvil never reorganises by itself, so depth protects nothing until a test
 *       reorganises it; two (two seconds at its block a second) still exercises the pending-confirmations path as on
 *       a real chain.</li>
 * </ul>
 *
 * @param name what checkout calls the network
 * @param chainId the EIP-155 chain id
 * @param usdcAddress Circle's USDC on the chain; null on the local chain, whose test token each stack deploys
 * @param usdcDecimals USDC's decimals: 6 on every chain Circle issues it on, which is also the API's micro-USDC
 * @param confirmations the confirmation depth, above
 * @param blockTime how often the chain makes a block
 * @param publicRpcUrls the RPC URLs a customer's wallet is told to add ({@code wallet_addEthereumChain})
 * @param explorerUrl the block explorer; null when the chain has none
 */
public record NetworkSettings(
        String name,
        long chainId,
        @Nullable String usdcAddress,
        int usdcDecimals,
        int confirmations,
        Duration blockTime,
        List<String> publicRpcUrls,
        @Nullable String explorerUrl) {

    public static final NetworkSettings BASE = new NetworkSettings(
            "Base",
            8453,
            "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            6,
            10,
            Duration.ofSeconds(2),
            List.of("https://mainnet.base.org"),
            "https://basescan.org");
    public static final NetworkSettings BASE_SEPOLIA = new NetworkSettings(
            "Base Sepolia",
            84532,
            "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
            6,
            3,
            Duration.ofSeconds(2),
            List.of("https://sepolia.base.org"),
            "https://sepolia.basescan.org");
    /**
     * The local stack's anvil: a block every second, so confirmations advance while nobody sends anything (automine
     * would only mine on a transaction and leave a payment waiting for blocks that never come).
     */
    public static final NetworkSettings LOCAL =
            new NetworkSettings("Anvil (local)", 31337, null, 6, 2, Duration.ofSeconds(1), List.of(), null);

    /** A confirmation depth past a thousand blocks is a typo, not a policy: hours on any chain the platform knows. */
    public static final int MAX_CONFIRMATIONS = 1000;
    /** The most decimals an ERC-20 token is given in practice (18 is common); more is a mistake in the settings. */
    public static final int MAX_DECIMALS = 36;

    private static final Set<String> RPC_SCHEMES = Set.of("http", "https", "ws", "wss");
    private static final Set<String> WALLET_SCHEMES = Set.of("http", "https");

    public NetworkSettings {
        publicRpcUrls = List.copyOf(publicRpcUrls);
    }

    /** True for {@code 0x} and 40 hex digits: a token's, a vault's or a wallet's address. */
    public static boolean isAddress(String value) {
        return EvmHex.isAddress(value);
    }

    /** True for a depth between 1 (the transfer's own block) and {@link #MAX_CONFIRMATIONS}. */
    public static boolean isConfirmations(long confirmations) {
        return confirmations >= 1 && confirmations <= MAX_CONFIRMATIONS;
    }

    /** True for a private JSON-RPC URL the services can call: absolute http(s) or ws(s), with a host. */
    public static boolean isRpcUrl(String url) {
        return hasScheme(url, RPC_SCHEMES);
    }

    /** True for a URL a customer's wallet can open (a public RPC URL, an explorer): absolute http(s), with a host. */
    public static boolean isWalletUrl(String url) {
        return hasScheme(url, WALLET_SCHEMES);
    }

    private static boolean hasScheme(String text, Set<String> schemes) {
        try {
            var uri = new URI(text);
            return uri.getScheme() != null
                    && uri.getHost() != null
                    && schemes.contains(uri.getScheme().toLowerCase(Locale.ROOT));
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
