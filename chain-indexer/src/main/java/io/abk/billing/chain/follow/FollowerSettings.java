package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.schemas.mode.Mode;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one chain follower follows and how.
 *
 * @param chainId the chain's id (8453 Base, 84532 Base Sepolia, 31337 anvil); part of every published key
 * @param mode the mode whose chain this is: transfers count for that mode's watched addresses
 * @param rpcUrls one or more JSON-RPC URLs of the same chain, tried in this order (never logged: they may carry keys)
 * @param confirmations how deep a block must be before its logs are published; choose it per chain and write the
 *     reason beside it (e.g. on Base, a sequencer-ordered L2, reorgs past a few blocks are not seen in practice)
 * @param tokens the tokens whose transfers to or from watched addresses are published
 * @param vaultAddress the subscription vault, every event of which is published; null when the chain has none
 * @param startBlock the first block to read when no checkpoint exists yet
 * @param pollInterval the wait between looks at the head once caught up
 * @param initialRange the first {@code eth_getLogs} range, in blocks
 * @param maxRange the largest range the follower grows to
 * @param windowSize how many recent confirmed blocks are remembered: the deepest reorg below the confirmation
 *     depth that can still be retracted
 * @param usdt the chain's USDT, whose transfers to the addresses the USDT verifier watches for this chain and token
 *     are published; null when the chain follows no USDT
 */
public record FollowerSettings(
        long chainId,
        Mode mode,
        List<String> rpcUrls,
        int confirmations,
        List<FollowedToken> tokens,
        @Nullable String vaultAddress,
        long startBlock,
        Duration pollInterval,
        int initialRange,
        int maxRange,
        int windowSize,
        @Nullable FollowedToken usdt) {

    /**
     * The window and its hashes are one record on the checkpoint topic: at about 160 bytes a block, 4,096 blocks
     * stay under half of Kafka's default 1 MB record limit.
     */
    public static final int MAX_WINDOW = 4_096;

    public FollowerSettings {
        rpcUrls = List.copyOf(rpcUrls);
        tokens = List.copyOf(tokens);
        require(chainId > 0, "chainId must be positive, was " + chainId);
        require(
                !rpcUrls.isEmpty() && rpcUrls.stream().noneMatch(String::isBlank),
                "at least one RPC URL is needed for chain " + chainId + ", and none may be blank");
        require(confirmations >= 0, "confirmations must not be negative, was " + confirmations);
        require(
                !tokens.isEmpty() || vaultAddress != null || usdt != null,
                "chain " + chainId + " follows no token and no vault");
        require(startBlock >= 0, "startBlock must not be negative, was " + startBlock);
        require(pollInterval.isPositive(), "pollInterval must be positive, was " + pollInterval);
        require(
                initialRange >= 1 && maxRange >= initialRange,
                "ranges must satisfy 1 <= initialRange <= maxRange, were " + initialRange + ", " + maxRange);
        require(
                windowSize >= 1 && windowSize <= MAX_WINDOW,
                "windowSize must be within 1.." + MAX_WINDOW + ", was " + windowSize);
    }

    /** The same settings, following {@code token} as the chain's USDT. */
    public FollowerSettings withUsdt(FollowedToken token) {
        return new FollowerSettings(
                chainId,
                mode,
                rpcUrls,
                confirmations,
                tokens,
                vaultAddress,
                startBlock,
                pollInterval,
                initialRange,
                maxRange,
                windowSize,
                token);
    }

    /** The URLs stay out: they may carry a provider's API key. */
    @Override
    public String toString() {
        return "FollowerSettings[chainId=" + chainId + ", mode=" + mode.label() + ", rpcUrls=" + rpcUrls.size()
                + ", confirmations=" + confirmations + ", tokens=" + tokens + ", vaultAddress=" + vaultAddress
                + ", startBlock=" + startBlock + ", pollInterval=" + pollInterval + ", initialRange=" + initialRange
                + ", maxRange=" + maxRange + ", windowSize=" + windowSize
                + (usdt == null ? "" : ", usdt=" + usdt) + "]";
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
