package io.abk.billing.contracts;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.Utils;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

/**
 * Small shared steps over web3j's ABI codec, and the conversions between the module's values (lower-case hex,
 * instants) and ABI types; hex shapes are {@link EvmHex}'s.
 */
final class Abi {

    private static final BigInteger MAX_UINT64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private Abi() {}

    /** Calldata for {@code name(args)}: selector and arguments, {@code 0x} hex. */
    static String call(String name, Type<?>... args) {
        return FunctionEncoder.encode(new Function(name, Arrays.<Type>asList(args), List.of()));
    }

    /** Decodes ABI-encoded return (or error argument) data; fails loudly when it is shorter than the types. */
    static List<Type> decode(String data, List<TypeReference<?>> types) {
        String hex = Numeric.cleanHexPrefix(data);
        if (hex.length() < 64 * types.size()) {
            throw new IllegalArgumentException(
                    "expected " + types.size() + " ABI words, got " + hex.length() / 2 + " bytes: 0x" + hex);
        }
        return FunctionReturnDecoder.decode(hex, Utils.convert(types));
    }

    /** As {@link #decode(String, List)}, for words of the static types given, in their order. */
    @SafeVarargs
    static List<Type> decode(String data, Class<? extends Type<?>>... types) {
        return decode(
                data,
                Arrays.stream(types)
                        .<TypeReference<?>>map(TypeReference::create)
                        .toList());
    }

    static BigInteger uint(String data) {
        return (BigInteger) decode(data, Uint256.class).getFirst().getValue();
    }

    /** The 4-byte selector of a function or error signature such as {@code transfer(address,uint256)}. */
    static String selector(String signature) {
        return Hash.sha3String(signature).substring(0, 10);
    }

    /** topic0 of an event signature such as {@code Transfer(address,address,uint256)}. */
    static String topic(String signature) {
        return Hash.sha3String(signature);
    }

    static BigInteger value(Type<?> type) {
        return (BigInteger) type.getValue();
    }

    /** {@code 0x} and 64 lower-case hex digits of keccak256 over the UTF-8 bytes of {@code text}. */
    static String keccakUtf8(String text) {
        return EvmHex.of(Hash.sha3(text.getBytes(StandardCharsets.UTF_8)));
    }

    static Bytes32 bytes32(String hex, String what) {
        return new Bytes32(EvmHex.wordBytes(hex, what));
    }

    static Address address(String hex, String what) {
        return new Address(EvmHex.address(hex, what));
    }

    static String hex(Bytes32 value) {
        return EvmHex.of(value.getValue());
    }

    static String hex(Address value) {
        return value.getValue().toLowerCase(Locale.ROOT);
    }

    /** Whole seconds since the epoch, as the chain counts time; a fraction of a second is refused, not dropped. */
    static BigInteger epochSeconds(Instant instant, String what) {
        if (instant.getNano() != 0 || instant.getEpochSecond() < 0) {
            throw new IllegalArgumentException(what + " must be whole seconds at or after 1970, was " + instant);
        }
        return BigInteger.valueOf(instant.getEpochSecond());
    }

    static Instant instant(BigInteger epochSeconds) {
        if (epochSeconds.signum() < 0 || epochSeconds.compareTo(MAX_UINT64) > 0) {
            throw new IllegalArgumentException("not a uint64 timestamp: " + epochSeconds);
        }
        return Instant.ofEpochSecond(epochSeconds.longValueExact());
    }

    static void requireUnsigned(BigInteger value, String what) {
        if (value.signum() < 0) {
            throw new IllegalArgumentException(what + " must not be negative, was " + value);
        }
    }
}
