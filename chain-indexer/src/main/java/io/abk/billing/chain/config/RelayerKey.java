package io.abk.billing.chain.config;

import java.util.regex.Pattern;

/**
 * The relayer's private key (hex, 32 bytes): the only account allowed to charge the vault. Read from an
 * environment variable or a file (a mounted secret) as every secret is ({@code Env.secret}: under the production
 * profile never one of anvil's public keys), checked for shape, and never printed: {@link #toString()} hides it, and
 * a message about a bad key never echoes it.
 */
public final class RelayerKey {

    private static final Pattern HEX_KEY = Pattern.compile("(0x)?[0-9a-fA-F]{64}");

    private final String hex;

    private RelayerKey(String hex) {
        this.hex = hex;
    }

    /** {@code setting} names where the key came from, for the error message. */
    public static RelayerKey of(String key, String setting) {
        var value = key.strip();
        if (!HEX_KEY.matcher(value).matches()) {
            throw new IllegalArgumentException(setting + " must be a private key of 64 hex digits (0x optional)");
        }
        return new RelayerKey(value.startsWith("0x") ? value.substring(2) : value);
    }

    /** The key as 64 hex digits, for the signer only. */
    public String hex() {
        return hex;
    }

    @Override
    public String toString() {
        return "RelayerKey[hidden]";
    }
}
