package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.schemas.avro.Mode;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What auto-settlement needs of the chains: each mode's USDC address (a vault subscription in another token does
 * not activate anything) and the relayer addresses (a cancel the relayer itself sent is not the customer revoking).
 * Addresses are lower-case. Also how long a vault event waits for its subscription ({@link PendingVaultEvents}).
 */
public record AutoSettlementSettings(
        Map<Mode, String> usdcAddresses,
        Map<Mode, Integer> usdcDecimals,
        Set<String> relayerAddresses,
        Set<Mode> chainModes,
        Duration pendingVaultEventRetention) {

    /**
     * A subscription's snapshot reaches the index seconds after the subscription is created, and its vault
     * reference exists only once it is; a week covers an outage of billing-streams as long as its command topics
     * keep their records (7 days), so an event still waiting after that names no subscription of ours.
     */
    public static final Duration DEFAULT_PENDING_VAULT_EVENT_RETENTION = Duration.ofDays(7);

    public AutoSettlementSettings {
        if (!pendingVaultEventRetention.isPositive()) {
            throw new IllegalArgumentException(
                    "pendingVaultEventRetention must be positive, was " + pendingVaultEventRetention);
        }
        usdcAddresses = usdcAddresses.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(
                        Map.Entry::getKey, e -> e.getValue().toLowerCase(Locale.ROOT)));
        relayerAddresses =
                relayerAddresses.stream().map(a -> a.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
        chainModes = Set.copyOf(chainModes);
    }

    /** With the default retention of pending vault events. */
    public AutoSettlementSettings(
            Map<Mode, String> usdcAddresses,
            Map<Mode, Integer> usdcDecimals,
            Set<String> relayerAddresses,
            Set<Mode> chainModes) {
        this(usdcAddresses, usdcDecimals, relayerAddresses, chainModes, DEFAULT_PENDING_VAULT_EVENT_RETENTION);
    }

    /** These settings with another retention of pending vault events. */
    public AutoSettlementSettings withPendingVaultEventRetention(Duration retention) {
        return new AutoSettlementSettings(usdcAddresses, usdcDecimals, relayerAddresses, chainModes, retention);
    }

    /** These settings for the modes that have a chain in {@code chains}: only their changes are indexed. */
    public AutoSettlementSettings forChains(ConfiguredChains chains) {
        var modes = java.util.EnumSet.noneOf(Mode.class);
        if (chains.testChainConfigured()) {
            modes.add(Mode.TEST);
        }
        if (chains.liveChainConfigured()) {
            modes.add(Mode.LIVE);
        }
        return new AutoSettlementSettings(
                usdcAddresses, usdcDecimals, relayerAddresses, modes, pendingVaultEventRetention);
    }

    /** True when changes of {@code mode} are indexed: the mode has a chain. */
    public boolean follows(Mode mode) {
        return chainModes.contains(mode);
    }

    /** The defaults of an unconfigured deployment: Base Sepolia's and Base's USDC, no relayer. */
    public static final AutoSettlementSettings DEFAULTS = new AutoSettlementSettings(
            Map.of(Mode.TEST, ChainSettings.BASE_SEPOLIA_USDC, Mode.LIVE, ChainSettings.BASE_USDC),
            Map.of(Mode.TEST, 6, Mode.LIVE, 6),
            Set.of(),
            Set.of(Mode.TEST, Mode.LIVE));

    /** From the two chains' settings; {@code relayerAddress} derives an address from a relayer key. */
    public static AutoSettlementSettings of(
            ChainSettings test, ChainSettings live, java.util.function.Function<ChainSettings, String> relayerAddress) {
        var relayers = Stream.of(test, live)
                .filter(chain -> chain.relayerKey() != null)
                .map(relayerAddress)
                .collect(Collectors.toSet());
        return new AutoSettlementSettings(
                Map.of(Mode.TEST, test.usdcAddress(), Mode.LIVE, live.usdcAddress()),
                Map.of(Mode.TEST, test.usdcDecimals(), Mode.LIVE, live.usdcDecimals()),
                relayers,
                Set.of(Mode.TEST, Mode.LIVE));
    }

    public String usdc(Mode mode) {
        return Objects.requireNonNull(usdcAddresses.get(mode), "every mode has a USDC address");
    }

    public int decimals(Mode mode) {
        return Objects.requireNonNull(usdcDecimals.get(mode), "every mode has USDC decimals");
    }
}
