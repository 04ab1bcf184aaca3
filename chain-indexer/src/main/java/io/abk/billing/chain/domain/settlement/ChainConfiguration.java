package io.abk.billing.chain.domain.settlement;

/**
 * Which chains this deployment settles on, per mode. A configured test chain turns the sandbox off for test-mode
 * charges that name no explicit {@code sandboxMode}; nothing else about a chain matters to the decision.
 */
public record ChainConfiguration(boolean testChainConfigured, boolean liveChainConfigured) {

    /** No chain at all: every test-mode request is simulated, every live one refused. */
    public static final ChainConfiguration NONE = new ChainConfiguration(false, false);

    public boolean configured(Mode mode) {
        return switch (mode) {
            case TEST -> testChainConfigured;
            case LIVE -> liveChainConfigured;
        };
    }
}
