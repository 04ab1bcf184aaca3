package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Links to the block explorer of a mode's chain ({@code billing.chains.<mode>.explorer-url}): a transaction by its
 * hash, an address. A mode without a chain (the sandbox, whose hashes are simulated) or whose chain has no explorer
 * (a local anvil) gets none, and the value is shown as plain text; so does a value that is not a hash or an address.
 */
@Component
final class Explorer {

    private static final Pattern TX_HASH = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");

    private final ChainsProperties chains;

    Explorer(ChainsProperties chains) {
        this.chains = chains;
    }

    /** The transaction's page, or null when there is none to link to. */
    @Nullable
    String tx(Mode mode, @Nullable String hash) {
        return link(mode, "/tx/", TX_HASH, hash);
    }

    /** The address's page (a wallet, a contract), or null when there is none to link to. */
    @Nullable
    String address(Mode mode, @Nullable String address) {
        return link(mode, "/address/", ADDRESS, address);
    }

    /** A detail page's field of a transaction hash, linked when the mode's chain has an explorer. */
    Map<String, Object> txField(Mode mode, String label, String shown) {
        return Rows.link(label, shown, tx(mode, shown));
    }

    /** A detail page's field of an address, linked when the mode's chain has an explorer. */
    Map<String, Object> addressField(Mode mode, String label, String shown) {
        return Rows.link(label, shown, address(mode, shown));
    }

    private @Nullable String link(Mode mode, String kind, Pattern shape, @Nullable String value) {
        var base = chains.hasChain(mode) ? chains.of(mode).explorerUrl() : null;
        if (base == null || value == null || !shape.matcher(value).matches()) {
            return null;
        }
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + kind + value;
    }
}
