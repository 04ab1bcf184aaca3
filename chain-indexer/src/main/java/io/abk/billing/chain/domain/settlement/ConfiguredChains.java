package io.abk.billing.chain.domain.settlement;

import io.abk.billing.schemas.mode.Mode;

/**
 * Which chains this deployment settles on, per mode, and their names for messages. A configured test chain turns
 * the sandbox off for test-mode charges that name no explicit {@code sandboxMode}; nothing else about a chain
 * matters to the decisions (its id only tags the relayer's gas metrics).
 */
public record ConfiguredChains(
        boolean testChainConfigured,
        boolean liveChainConfigured,
        String testChainName,
        String liveChainName,
        long testChainId,
        long liveChainId) {

    /** The names checkout shows by default (the gateway reads the same variables), Base Sepolia for test, Base for live. */
    public static final String DEFAULT_TEST_CHAIN_NAME = "Base Sepolia";

    public static final String DEFAULT_LIVE_CHAIN_NAME = "Base";

    /** No chain at all: every test-mode request is simulated, every live one refused. */
    public static final ConfiguredChains NONE = new ConfiguredChains(false, false);

    public ConfiguredChains {
        if (testChainName.isBlank() || liveChainName.isBlank()) {
            throw new IllegalArgumentException("chain names must not be blank");
        }
    }

    /** Which chains are configured, with the default names. */
    public ConfiguredChains(boolean testChainConfigured, boolean liveChainConfigured) {
        this(testChainConfigured, liveChainConfigured, DEFAULT_TEST_CHAIN_NAME, DEFAULT_LIVE_CHAIN_NAME);
    }

    /** Which chains are configured, with their names; chain ids unknown (0), as metrics then tag them. */
    public ConfiguredChains(
            boolean testChainConfigured, boolean liveChainConfigured, String testChainName, String liveChainName) {
        this(testChainConfigured, liveChainConfigured, testChainName, liveChainName, 0, 0);
    }

    public boolean configured(Mode mode) {
        return switch (mode) {
            case TEST -> testChainConfigured;
            case LIVE -> liveChainConfigured;
        };
    }

    /** The chain id of {@code mode}'s chain, for metrics; 0 when it is not known. */
    public long chainId(Mode mode) {
        return switch (mode) {
            case TEST -> testChainId;
            case LIVE -> liveChainId;
        };
    }

    /** The chain's name for messages ("Base Sepolia"), whether or not it is configured. */
    public String name(Mode mode) {
        return switch (mode) {
            case TEST -> testChainName;
            case LIVE -> liveChainName;
        };
    }
}
