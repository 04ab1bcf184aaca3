package io.abk.billing.usdt.address;

import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import org.web3j.crypto.Keys;

/**
 * Reads an address in any of the forms the API accepts and gives its normalised form, {@code 0x} and 40 lower-case
 * hex digits: the 20-byte account that the chain's Ethereum-compatible JSON-RPC names that way (Tron's JSON-RPC
 * included). Accepted: Tron base58 ({@code T} and 33 characters, checksum verified), Tron hex ({@code 41} and 40 hex
 * digits, with or without {@code 0x}), and EVM hex ({@code 0x} and 40 hex digits; in mixed case its EIP-55 checksum
 * must hold, since a wrong one means a mistyped address).
 */
public final class PayToAddress {

    /** Tron's address prefix byte: every Tron account is 0x41 followed by the 20 bytes of its EVM address. */
    private static final byte TRON_PREFIX = 0x41;

    private static final Pattern EVM_HEX = Pattern.compile("0[xX][0-9a-fA-F]{40}");
    private static final Pattern TRON_HEX = Pattern.compile("(0[xX])?41[0-9a-fA-F]{40}");
    private static final Pattern TRON_BASE58 = Pattern.compile("T[1-9A-HJ-NP-Za-km-z]{33}");

    private PayToAddress() {}

    /** Why a text is not an address; the sentence ends one that starts with the field's name. */
    public static final class InvalidAddressException extends IllegalArgumentException {
        InvalidAddressException(String sentence) {
            super(sentence);
        }
    }

    /** The normalised form of {@code text}; throws {@link InvalidAddressException} saying what is wrong. */
    public static String normalise(String text) {
        if (TRON_BASE58.matcher(text).matches()) {
            var payload = Base58Check.decode(text)
                    .orElseThrow(() -> new InvalidAddressException(
                            "is not a valid Tron address: its base58 checksum does not match"));
            if (payload.length != 21 || payload[0] != TRON_PREFIX) {
                throw new InvalidAddressException("is not a Tron address: it does not decode to 0x41 and 20 bytes");
            }
            return "0x" + HexFormat.of().formatHex(payload, 1, 21);
        }
        if (EVM_HEX.matcher(text).matches()) {
            var hex = text.substring(2);
            if (!hex.equals(hex.toLowerCase(Locale.ROOT))
                    && !hex.equals(hex.toUpperCase(Locale.ROOT))
                    && !Keys.toChecksumAddress(hex).substring(2).equals(hex)) {
                throw new InvalidAddressException(
                        "has a wrong EIP-55 checksum (mixed case): check the address, or" + " write it in lower case");
            }
            return "0x" + hex.toLowerCase(Locale.ROOT);
        }
        if (TRON_HEX.matcher(text).matches()) {
            return "0x" + text.substring(text.length() - 40).toLowerCase(Locale.ROOT);
        }
        throw new InvalidAddressException("must be a Tron address (T... in base58, or 41 and 40 hex digits) or an"
                + " EVM address (0x and 40 hex digits)");
    }

    /** The Tron base58 form of a normalised address. */
    public static String toTronBase58(String normalised) {
        var payload = new byte[21];
        payload[0] = TRON_PREFIX;
        System.arraycopy(HexFormat.of().parseHex(normalised.substring(2)), 0, payload, 1, 20);
        return Base58Check.encode(payload);
    }
}
