package io.abk.billing.contracts;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.abi.datatypes.generated.Uint8;

/** Revert data into {@link VaultError}: a table from each custom error's selector to its argument types and record. */
final class VaultErrorDecoder {

    private record Spec(String signature, List<TypeReference<?>> types, Function<List<Type>, VaultError> build) {}

    private static final TypeReference<Bytes32> BYTES32 = new TypeReference<>() {};
    private static final TypeReference<Uint256> UINT256 = new TypeReference<>() {};
    private static final TypeReference<Address> ADDRESS = new TypeReference<>() {};

    private static final List<Spec> SPECS = List.of(
            new Spec("NotRelayer()", List.of(), args -> new VaultError.NotRelayer()),
            new Spec("NotCustomerOrRelayer()", List.of(), args -> new VaultError.NotCustomerOrRelayer()),
            new Spec("NotMerchantOrRelayer()", List.of(), args -> new VaultError.NotMerchantOrRelayer()),
            new Spec("RefAlreadyUsed(bytes32)", List.of(BYTES32), args -> new VaultError.RefAlreadyUsed(word(args, 0))),
            new Spec(
                    "UnknownSubscription(bytes32)",
                    List.of(BYTES32),
                    args -> new VaultError.UnknownSubscription(word(args, 0))),
            new Spec(
                    "SubscriptionIsCanceled(bytes32)",
                    List.of(BYTES32),
                    args -> new VaultError.SubscriptionIsCanceled(word(args, 0))),
            new Spec(
                    "PeriodNotStarted(bytes32,uint32,uint64)",
                    List.of(BYTES32, new TypeReference<Uint32>() {}, new TypeReference<Uint64>() {}),
                    args -> new VaultError.PeriodNotStarted(
                            word(args, 0),
                            Abi.value(args.get(1)).longValueExact(),
                            Abi.instant(Abi.value(args.get(2))))),
            new Spec(
                    "AmountAboveMandate(uint256,uint256)",
                    List.of(UINT256, UINT256),
                    args -> new VaultError.AmountAboveMandate(Abi.value(args.get(0)), Abi.value(args.get(1)))),
            new Spec("ZeroAmount()", List.of(), args -> new VaultError.ZeroAmount()),
            new Spec("ChargeIdUsed(bytes32)", List.of(BYTES32), args -> new VaultError.ChargeIdUsed(word(args, 0))),
            new Spec("RefundIdUsed(bytes32)", List.of(BYTES32), args -> new VaultError.RefundIdUsed(word(args, 0))),
            new Spec(
                    "RefundAboveCharged(uint256,uint256)",
                    List.of(UINT256, UINT256),
                    args -> new VaultError.RefundAboveCharged(Abi.value(args.get(0)), Abi.value(args.get(1)))),
            new Spec(
                    "InvalidSubscription(uint8)",
                    List.of(new TypeReference<Uint8>() {}),
                    args -> new VaultError.InvalidSubscription(
                            reason(Abi.value(args.get(0)).intValueExact()))),
            new Spec("TokenTransferFailed()", List.of(), args -> new VaultError.TokenTransferFailed()),
            new Spec(
                    "TimestampOutOfRange(uint256)",
                    List.of(UINT256),
                    args -> new VaultError.TimestampOutOfRange(Abi.value(args.get(0)))),
            new Spec(
                    "SignatureExpired(uint256)",
                    List.of(UINT256),
                    args -> new VaultError.SignatureExpired(Abi.value(args.get(0)))),
            new Spec(
                    "SignatureNonceUsed(address,bytes32)",
                    List.of(ADDRESS, BYTES32),
                    args -> new VaultError.SignatureNonceUsed(Abi.hex((Address) args.get(0)), word(args, 1))),
            new Spec("InvalidSignature()", List.of(), args -> new VaultError.InvalidSignature()),
            new Spec("PermitFailed()", List.of(), args -> new VaultError.PermitFailed()),
            new Spec(
                    "MandateExhausted(bytes32,uint32)",
                    List.of(BYTES32, new TypeReference<Uint32>() {}),
                    args -> new VaultError.MandateExhausted(
                            word(args, 0), Abi.value(args.get(1)).longValueExact())),
            new Spec(
                    "BatchOutOfGas(uint256)",
                    List.of(UINT256),
                    args -> new VaultError.BatchOutOfGas(Abi.value(args.get(0)).longValueExact())),
            new Spec(
                    "InsufficientBalance(address,uint256,uint256)",
                    List.of(ADDRESS, UINT256, UINT256),
                    args -> new VaultError.InsufficientBalance(
                            Abi.hex((Address) args.get(0)), Abi.value(args.get(1)), Abi.value(args.get(2)))),
            new Spec(
                    "InsufficientAllowance(address,uint256,uint256)",
                    List.of(ADDRESS, UINT256, UINT256),
                    args -> new VaultError.InsufficientAllowance(
                            Abi.hex((Address) args.get(0)), Abi.value(args.get(1)), Abi.value(args.get(2)))),
            new Spec(
                    "InvalidReceiver(address)",
                    List.of(ADDRESS),
                    args -> new VaultError.InvalidReceiver(Abi.hex((Address) args.get(0)))));

    private static final Map<String, Spec> BY_SELECTOR =
            SPECS.stream().collect(Collectors.toUnmodifiableMap(spec -> Abi.selector(spec.signature()), spec -> spec));

    private VaultErrorDecoder() {}

    static VaultError decode(String revertData) {
        String data = revertData.strip().toLowerCase(Locale.ROOT);
        if (!data.startsWith("0x") || data.length() < 10) {
            return new VaultError.Unknown(data);
        }
        Spec spec = BY_SELECTOR.get(data.substring(0, 10));
        if (spec == null) {
            return new VaultError.Unknown(data);
        }
        try {
            return spec.build().apply(Abi.decode(data.substring(10), spec.types()));
        } catch (RuntimeException malformed) {
            // A selector clash with arguments that do not fit: report the data rather than guess.
            return new VaultError.Unknown(data);
        }
    }

    /** Every signature this decoder knows, for tests that compare them with the compiled ABI. */
    static Stream<String> signatures() {
        return SPECS.stream().map(Spec::signature);
    }

    private static String word(List<Type> args, int index) {
        return Abi.hex((Bytes32) args.get(index));
    }

    private static VaultError.InvalidSubscriptionReason reason(int ordinal) {
        var known = VaultError.InvalidSubscriptionReason.values();
        return ordinal < known.length - 1 ? known[ordinal] : VaultError.InvalidSubscriptionReason.UNRECOGNIZED;
    }
}
