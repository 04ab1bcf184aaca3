package io.abk.billing.contracts;

import io.abk.billing.contracts.TypedData.Field;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.web3j.crypto.Hash;

/**
 * EIP-712's {@code encodeType}, {@code hashStruct} and the final digest, by the specification's text: atomic values
 * as one 32-byte word each, {@code string} and {@code bytes} as the keccak256 of their contents, a referenced struct
 * as its hashStruct. Arrays are not supported (no signature of the platform has one).
 */
final class TypedDataHasher {

    static final List<Field> DOMAIN_FIELDS = List.of(
            new Field("name", "string"),
            new Field("version", "string"),
            new Field("chainId", "uint256"),
            new Field("verifyingContract", "address"));

    private static final Pattern INTEGER = Pattern.compile("(u?)int(\\d{1,3})");
    private static final Pattern FIXED_BYTES = Pattern.compile("bytes(\\d{1,2})");

    private TypedDataHasher() {}

    static byte[] domainSeparator(Eip712Domain domain) {
        return hashStruct(
                "EIP712Domain",
                Map.of("EIP712Domain", DOMAIN_FIELDS),
                Map.of(
                        "name", domain.name(),
                        "version", domain.version(),
                        "chainId", BigInteger.valueOf(domain.chainId()),
                        "verifyingContract", domain.verifyingContract()));
    }

    /** keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)). */
    static byte[] digest(
            Eip712Domain domain, String primaryType, Map<String, List<Field>> types, Map<String, Object> message) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x19, 0x01});
        out.writeBytes(domainSeparator(domain));
        out.writeBytes(hashStruct(primaryType, types, message));
        return Hash.sha3(out.toByteArray());
    }

    static byte[] hashStruct(String type, Map<String, List<Field>> types, Map<String, ?> value) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(Hash.sha3(encodeType(type, types).getBytes(StandardCharsets.UTF_8)));
        for (Field field : fields(type, types)) {
            Object fieldValue = value.get(field.name());
            if (fieldValue == null) {
                throw new IllegalArgumentException(type + "." + field.name() + " has no value");
            }
            out.writeBytes(encodeValue(field.type(), fieldValue, types));
        }
        return Hash.sha3(out.toByteArray());
    }

    /** The primary type, then the struct types it references (directly or not) in alphabetical order. */
    static String encodeType(String primaryType, Map<String, List<Field>> types) {
        var referenced = new TreeSet<String>();
        collect(primaryType, types, referenced);
        referenced.remove(primaryType);
        var all = new ArrayList<String>();
        all.add(primaryType);
        all.addAll(referenced);
        var encoded = new StringBuilder();
        for (String type : all) {
            encoded.append(type).append('(');
            List<Field> fields = fields(type, types);
            for (int i = 0; i < fields.size(); i++) {
                encoded.append(i == 0 ? "" : ",")
                        .append(fields.get(i).type())
                        .append(' ')
                        .append(fields.get(i).name());
            }
            encoded.append(')');
        }
        return encoded.toString();
    }

    private static void collect(String type, Map<String, List<Field>> types, TreeSet<String> found) {
        if (!found.add(type)) {
            return;
        }
        for (Field field : fields(type, types)) {
            if (types.containsKey(field.type())) {
                collect(field.type(), types, found);
            }
        }
    }

    static List<Field> fields(String type, Map<String, List<Field>> types) {
        List<Field> fields = types.get(type);
        if (fields == null) {
            throw new IllegalArgumentException("no struct type " + type);
        }
        return fields;
    }

    @SuppressWarnings("unchecked")
    private static byte[] encodeValue(String type, Object value, Map<String, List<Field>> types) {
        if (types.containsKey(type)) {
            return hashStruct(type, types, (Map<String, ?>) value);
        }
        if (type.endsWith("]")) {
            throw new IllegalArgumentException("arrays are not supported: " + type);
        }
        return switch (type) {
            case "string" -> Hash.sha3(((String) value).getBytes(StandardCharsets.UTF_8));
            case "bytes" -> Hash.sha3(hexBytes((String) value));
            case "bool" -> word(((Boolean) value) ? BigInteger.ONE : BigInteger.ZERO);
            case "address" ->
                word(new BigInteger(EvmHex.address((String) value, "address").substring(2), 16));
            default -> atomic(type, value);
        };
    }

    private static byte[] atomic(String type, Object value) {
        Matcher integer = INTEGER.matcher(type);
        if (integer.matches()) {
            int bits = Integer.parseInt(integer.group(2));
            BigInteger number = number(value);
            boolean unsigned = integer.group(1).equals("u");
            BigInteger min = unsigned
                    ? BigInteger.ZERO
                    : BigInteger.ONE.shiftLeft(bits - 1).negate();
            BigInteger max = unsigned
                    ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                    : BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
            if (number.compareTo(min) < 0 || number.compareTo(max) > 0) {
                throw new IllegalArgumentException(value + " is out of range for " + type);
            }
            return word(number.signum() < 0 ? number.add(BigInteger.ONE.shiftLeft(256)) : number);
        }
        Matcher fixed = FIXED_BYTES.matcher(type);
        if (fixed.matches()) {
            byte[] bytes = hexBytes((String) value);
            if (bytes.length != Integer.parseInt(fixed.group(1))) {
                throw new IllegalArgumentException(value + " is not a " + type);
            }
            byte[] word = new byte[32];
            System.arraycopy(bytes, 0, word, 0, bytes.length);
            return word;
        }
        throw new IllegalArgumentException("unsupported EIP-712 type " + type);
    }

    static BigInteger number(Object value) {
        return switch (value) {
            case BigInteger big -> big;
            case Long l -> BigInteger.valueOf(l);
            case Integer i -> BigInteger.valueOf(i);
            case String text -> new BigInteger(text);
            default -> throw new IllegalArgumentException("not an integer: " + value);
        };
    }

    private static byte[] word(BigInteger unsigned) {
        byte[] raw = unsigned.toByteArray();
        byte[] word = new byte[32];
        int length = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - length, word, 32 - length, length);
        return word;
    }

    private static byte[] hexBytes(String hex) {
        if (!hex.startsWith("0x") || hex.length() % 2 != 0) {
            throw new IllegalArgumentException("not 0x and an even number of hex digits: " + hex);
        }
        return HexFormat.of().parseHex(hex, 2, hex.length());
    }
}
