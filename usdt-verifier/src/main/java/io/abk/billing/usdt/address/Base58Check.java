package io.abk.billing.usdt.address;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Base58Check as Bitcoin and Tron use it: the payload, then the first 4 bytes of SHA-256(SHA-256(payload)), in the
 * base58 alphabet (no 0, O, I, l), each leading zero byte written as '1'.
 */
final class Base58Check {

    private static final String ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    private static final BigInteger BASE = BigInteger.valueOf(58);
    private static final int CHECKSUM_BYTES = 4;

    private Base58Check() {}

    /** The payload of {@code text}, or empty when it is not base58 or its checksum does not match. */
    static Optional<byte[]> decode(String text) {
        var value = BigInteger.ZERO;
        for (int i = 0; i < text.length(); i++) {
            int digit = ALPHABET.indexOf(text.charAt(i));
            if (digit < 0) {
                return Optional.empty();
            }
            value = value.multiply(BASE).add(BigInteger.valueOf(digit));
        }
        int leadingZeros = 0;
        while (leadingZeros < text.length() && text.charAt(leadingZeros) == '1') {
            leadingZeros++;
        }
        var magnitude = value.signum() == 0 ? new byte[0] : value.toByteArray();
        // BigInteger may add a sign byte of 0 in front; it is not part of the number.
        int skip = magnitude.length > 1 && magnitude[0] == 0 ? 1 : 0;
        var bytes = new byte[leadingZeros + magnitude.length - skip];
        System.arraycopy(magnitude, skip, bytes, leadingZeros, magnitude.length - skip);
        if (bytes.length < CHECKSUM_BYTES + 1) {
            return Optional.empty();
        }
        var payload = Arrays.copyOf(bytes, bytes.length - CHECKSUM_BYTES);
        var checksum = Arrays.copyOfRange(bytes, bytes.length - CHECKSUM_BYTES, bytes.length);
        return MessageDigest.isEqual(checksum(payload), checksum) ? Optional.of(payload) : Optional.empty();
    }

    static String encode(byte[] payload) {
        var bytes = Arrays.copyOf(payload, payload.length + CHECKSUM_BYTES);
        System.arraycopy(checksum(payload), 0, bytes, payload.length, CHECKSUM_BYTES);
        var value = new BigInteger(1, bytes);
        var text = new StringBuilder();
        while (value.signum() > 0) {
            var division = value.divideAndRemainder(BASE);
            text.append(ALPHABET.charAt(division[1].intValue()));
            value = division[0];
        }
        for (int i = 0; i < bytes.length && bytes[i] == 0; i++) {
            text.append('1');
        }
        return text.reverse().toString();
    }

    private static byte[] checksum(byte[] payload) {
        try {
            var sha256 = MessageDigest.getInstance("SHA-256");
            var twice = sha256.digest(sha256.digest(payload));
            return Arrays.copyOf(twice, CHECKSUM_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
