package io.abk.billing.chain.follow;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.chainrpc.RpcBudget;
import io.abk.billing.chainrpc.RpcException;
import java.util.List;

/**
 * How a configured chain is followed: its USDC and vault, its USDT when one is configured, its depth and poll
 * interval from the chain's settings, and the block to start at on the very first start (later starts resume from
 * the checkpoint and ignore it).
 */
public final class FollowerPlan {

    /** A first look covers a few minutes of Base blocks; the range then adapts to what the provider answers. */
    static final int INITIAL_RANGE = 100;
    /** The most blocks common providers accept in one eth_getLogs call. */
    static final int MAX_RANGE = 2_000;
    /**
     * Recent confirmed blocks remembered for retractions: 256 blocks is over 8 minutes of Base blocks past the
     * confirmation depth, far deeper than any reorg an L2 sequencer has produced.
     */
    static final int WINDOW = 256;

    private FollowerPlan() {}

    /** The follower's settings; without a configured start block, it starts at the chain's confirmed head. */
    public static FollowerSettings of(ChainSettings chain) {
        var token = new FollowedToken("USDC", chain.usdcAddress(), chain.usdcDecimals());
        var usdt = chain.usdtAddress() == null
                ? null
                : new FollowedToken("USDT", chain.usdtAddress(), chain.usdtDecimals());
        return new FollowerSettings(
                chain.chainId(),
                chain.mode(),
                chain.rpcUrls(),
                chain.confirmations(),
                List.of(token),
                chain.vaultAddress(),
                startBlock(chain),
                chain.pollInterval(),
                INITIAL_RANGE,
                MAX_RANGE,
                WINDOW,
                usdt);
    }

    private static long startBlock(ChainSettings chain) {
        if (chain.startBlock() != null) {
            return chain.startBlock();
        }
        try (var rpc = FollowerRpc.connect(chain.chainId(), chain.rpcUrls(), RpcBudget.FOLLOWER)) {
            return Math.max(0, rpc.blockNumber() - chain.confirmations() + 1);
        } catch (RpcException e) {
            throw new IllegalStateException(
                    "cannot reach the " + chain.mode().label() + " chain (" + chain.name()
                            + ") to find where to start following it; set " + ChainSettings.prefix(chain.mode())
                            + "START_BLOCK or check " + ChainSettings.prefix(chain.mode()) + "RPC_URL",
                    e);
        }
    }
}
