package io.abk.billing.gateway.portal;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;

/**
 * A Sign-In with Ethereum message (EIP-4361) as the portal issues it, and the address that signed it with
 * {@code personal_sign} (EIP-191). The portal verifies only messages it composed and stored itself, so reading one back
 * needs only the few fields it checks again: domain, address and nonce.
 */
record SiweMessage(
        String domain,
        String address,
        String statement,
        String uri,
        long chainId,
        String nonce,
        Instant issuedAt,
        Instant expirationTime) {

    private static final Pattern FIRST_LINE =
            Pattern.compile("^(\\S+) wants you to sign in with your Ethereum account:$");
    private static final Pattern ADDRESS = Pattern.compile("^0x[0-9a-fA-F]{40}$");
    private static final Pattern SIGNATURE = Pattern.compile("^0x[0-9a-fA-F]{130}$");

    /** The message's text, line by line as EIP-4361 orders them; {@code address} as EIP-55 writes it. */
    String text() {
        return domain + " wants you to sign in with your Ethereum account:\n"
                + Keys.toChecksumAddress(address) + "\n\n"
                + statement + "\n\n"
                + "URI: " + uri + "\n"
                + "Version: 1\n"
                + "Chain ID: " + chainId + "\n"
                + "Nonce: " + nonce + "\n"
                + "Issued At: " + issuedAt + "\n"
                + "Expiration Time: " + expirationTime;
    }

    /** The domain, address and nonce a message claims; empty when it is not shaped as the portal writes one. */
    static Optional<Claims> claims(String text) {
        var lines = text.split("\n", -1);
        if (lines.length < 10) {
            return Optional.empty();
        }
        var first = FIRST_LINE.matcher(lines[0]);
        if (!first.matches() || !ADDRESS.matcher(lines[1]).matches()) {
            return Optional.empty();
        }
        return Arrays.stream(lines)
                .filter(line -> line.startsWith("Nonce: "))
                .findFirst()
                .map(line -> new Claims(
                        first.group(1), lines[1].toLowerCase(Locale.ROOT), line.substring("Nonce: ".length())));
    }

    /** What a message claims: its domain, its signer (lower-case) and its nonce. */
    record Claims(String domain, String address, String nonce) {}

    /**
     * The address (lower-case 0x hex) whose key signed {@code text} with {@code personal_sign}; empty for a signature
     * that is not 65 bytes of hex or recovers no key.
     */
    static Optional<String> signer(String text, String signatureHex) {
        if (!SIGNATURE.matcher(signatureHex).matches()) {
            return Optional.empty();
        }
        var bytes = Numeric.hexStringToByteArray(signatureHex);
        byte v = bytes[64];
        if (v < 27) {
            v += 27;
        }
        var signature = new Sign.SignatureData(v, Arrays.copyOfRange(bytes, 0, 32), Arrays.copyOfRange(bytes, 32, 64));
        try {
            BigInteger key = Sign.signedPrefixedMessageToKey(text.getBytes(StandardCharsets.UTF_8), signature);
            return Optional.of("0x" + Keys.getAddress(key).toLowerCase(Locale.ROOT));
        } catch (java.security.SignatureException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
