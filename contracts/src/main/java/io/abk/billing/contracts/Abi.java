package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.Utils;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

/** Small shared steps over web3j's ABI codec. */
final class Abi {

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

    static BigInteger uint(String data) {
        return (BigInteger) decode(data, List.of(new TypeReference<Uint256>() {}))
                .getFirst()
                .getValue();
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
}
