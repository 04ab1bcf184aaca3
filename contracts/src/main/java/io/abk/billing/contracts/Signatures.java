package io.abk.billing.contracts;

import java.math.BigInteger;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

/**
 * 65-byte ECDSA signatures (r ‖ s ‖ v) over an EIP-712 digest, held to the rules the vault and FiatToken enforce: v
 * is 27 or 28 and s is in the lower half of the curve order (EIP-2), so a signature the platform accepts is one the
 * contract accepts too.
 */
public final class Signatures {

    /** Half the secp256k1 order: the largest s of a non-malleable signature. */
    static final BigInteger MAX_LOW_S =
            new BigInteger("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0", 16);

    private static final Pattern SIGNATURE = Pattern.compile("0x[0-9a-fA-F]{130}");
    private static final HexFormat HEX = HexFormat.of();

    /** The three parts of a signature, for the {@code (v, r, s)} form of a contract call. */
    public record Parts(int v, String r, String s) {}

    private Signatures() {}

    /**
     * The lower-case {@code 0x} address that signed {@code digestHex}.
     *
     * @throws IllegalArgumentException for a malformed signature: not 65 bytes, v not 27 or 28, s zero or high, r
     *     zero, or no point to recover
     */
    public static String recover(String digestHex, String signatureHex) {
        byte[] digest = EvmHex.wordBytes(digestHex, "digest");
        Parts parts = split(signatureHex);
        var data = new Sign.SignatureData(
                (byte) parts.v(), EvmHex.wordBytes(parts.r(), "r"), EvmHex.wordBytes(parts.s(), "s"));
        try {
            BigInteger publicKey = Sign.signedMessageHashToKey(digest, data);
            return "0x" + Keys.getAddress(publicKey).toLowerCase(Locale.ROOT);
        } catch (SignatureException | RuntimeException unrecoverable) {
            throw new IllegalArgumentException("signature recovers no key: " + unrecoverable.getMessage());
        }
    }

    /** Splits a well-formed signature (see {@link #recover} for the rules). */
    public static Parts split(String signatureHex) {
        String signature = requireWellFormed(signatureHex);
        return new Parts(
                Integer.parseInt(signature.substring(130, 132), 16),
                "0x" + signature.substring(2, 66),
                "0x" + signature.substring(66, 130));
    }

    /** The signature in lower case, or an {@link IllegalArgumentException} saying what is wrong with it. */
    static String requireWellFormed(String signatureHex) {
        if (!SIGNATURE.matcher(signatureHex).matches()) {
            throw new IllegalArgumentException("a signature must be 0x and 130 hex digits (65 bytes), was "
                    + (signatureHex.length() > 140 ? signatureHex.substring(0, 140) + "..." : signatureHex));
        }
        String signature = signatureHex.toLowerCase(Locale.ROOT);
        int v = Integer.parseInt(signature.substring(130, 132), 16);
        if (v != 27 && v != 28) {
            throw new IllegalArgumentException("a signature's v must be 27 or 28, was " + v);
        }
        BigInteger r = new BigInteger(signature.substring(2, 66), 16);
        BigInteger s = new BigInteger(signature.substring(66, 130), 16);
        if (r.signum() == 0 || s.signum() == 0) {
            throw new IllegalArgumentException("a signature's r and s must not be zero");
        }
        if (s.compareTo(MAX_LOW_S) > 0) {
            throw new IllegalArgumentException("a signature's s must be in the lower half of the curve order (EIP-2)");
        }
        return signature;
    }

    /**
     * Signs {@code digestHex} with a private key, as a wallet's {@code eth_signTypedData_v4} does: r ‖ s ‖ v with a
     * low s and v of 27 or 28. For tests and local tools; the platform never holds a customer's key.
     */
    public static String sign(String digestHex, String privateKeyHex) {
        ECKeyPair keys = Credentials.create(privateKeyHex).getEcKeyPair();
        Sign.SignatureData data = Sign.signMessage(EvmHex.wordBytes(digestHex, "digest"), keys, false);
        byte[] signature = new byte[65];
        System.arraycopy(data.getR(), 0, signature, 0, 32);
        System.arraycopy(data.getS(), 0, signature, 32, 32);
        signature[64] = data.getV()[0];
        return "0x" + HEX.formatHex(signature);
    }

    /** The signature's bytes. */
    static byte[] bytes(String signatureHex) {
        String signature = requireWellFormed(signatureHex);
        return Arrays.copyOf(HEX.parseHex(signature, 2, signature.length()), 65);
    }
}
