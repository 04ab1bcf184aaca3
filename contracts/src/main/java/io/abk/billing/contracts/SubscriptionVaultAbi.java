package io.abk.billing.contracts;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.utils.Numeric;

/**
 * Calldata and decoders for {@code SubscriptionVault.sol}. Refs and ids are {@code 0x} + 64 hex digits (see
 * {@link SubscriptionRef}, {@link ChargeId}, {@link RefundId}); addresses any case in, lower case out; amounts are
 * token base units; timestamps are whole seconds.
 */
public final class SubscriptionVaultAbi {

    public static final String SUBSCRIBED_TOPIC =
            Abi.topic("Subscribed(bytes32,address,address,address,uint256,uint16,uint64)");
    public static final String CHARGED_TOPIC = Abi.topic("Charged(bytes32,uint32,uint256,bytes32)");
    public static final String CANCELED_TOPIC = Abi.topic("Canceled(bytes32,address)");
    /** A refused item of a {@code chargeBatch}; only its transaction's receipt needs it, the follower does not. */
    public static final String CHARGE_FAILED_TOPIC = Abi.topic("ChargeFailed(bytes32,bytes32,bytes)");

    public static final String REFUNDED_TOPIC = Abi.topic("Refunded(bytes32,uint256,bytes32)");

    /**
     * The topics of the events that change a subscription or move money, for an {@code eth_getLogs} filter on the
     * vault's address: every one above but {@link #CHARGE_FAILED_TOPIC}.
     */
    public static final List<String> EVENT_TOPICS =
            List.of(SUBSCRIBED_TOPIC, CHARGED_TOPIC, CANCELED_TOPIC, REFUNDED_TOPIC);

    private static final String SUBSCRIBE_BY_SIGNATURE_SELECTOR = Abi.selector("subscribeBySignature("
            + "(bytes32,address,address,address,uint256,uint16,uint64,uint32,uint256,bytes32),bytes,"
            + "(uint256,uint256,bytes),bytes32,uint256)");

    private static final String NO_CHARGE = "0x" + "0".repeat(64);

    private static final String CHARGE_BATCH_SELECTOR = Abi.selector("chargeBatch((bytes32,uint256,bytes32)[])");

    private SubscriptionVaultAbi() {}

    /** Sent by the customer's wallet after approving the vault on {@code token}. */
    public static String subscribe(
            String ref, String merchant, String token, BigInteger amount, int periodMonths, Instant firstChargeAt) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call(
                "subscribe",
                Abi.bytes32(ref, "ref"),
                Abi.address(merchant, "merchant"),
                Abi.address(token, "token"),
                new Uint256(amount),
                new Uint16(periodMonths),
                new Uint64(Abi.epochSeconds(firstChargeAt, "firstChargeAt")));
    }

    /** Sent by the relayer: charges the next period of {@code ref}, once its start has passed. */
    public static String charge(String ref, BigInteger amount, String chargeId) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call("charge", Abi.bytes32(ref, "ref"), new Uint256(amount), Abi.bytes32(chargeId, "chargeId"));
    }

    /**
     * Sent by the relayer: {@code charges} in one transaction, each as {@link #charge} would make it alone and with its
     * own outcome (a {@code Charged} or a {@code ChargeFailed} event).
     */
    public static String chargeBatch(List<ChargeCall> charges) {
        if (charges.isEmpty()) {
            throw new IllegalArgumentException("a charge batch needs at least one charge");
        }
        // A dynamic array of static tuples: its offset, its length, then three words per charge.
        var data = new StringBuilder(10 + 64 * (2 + 3 * charges.size())).append(CHARGE_BATCH_SELECTOR);
        data.append(word(BigInteger.valueOf(32))).append(word(BigInteger.valueOf(charges.size())));
        for (var charge : charges) {
            Abi.requireUnsigned(charge.amount(), "amount");
            if (charge.amount().bitLength() > 256) {
                throw new IllegalArgumentException("amount does not fit a uint256: " + charge.amount());
            }
            data.append(Numeric.cleanHexPrefix(EvmHex.word(charge.ref(), "ref")))
                    .append(word(charge.amount()))
                    .append(Numeric.cleanHexPrefix(EvmHex.word(charge.chargeId(), "chargeId")));
        }
        return data.toString();
    }

    private static String word(BigInteger value) {
        return Numeric.toHexStringNoPrefixZeroPadded(value, 64);
    }

    public static String cancel(String ref) {
        return Abi.call("cancel", Abi.bytes32(ref, "ref"));
    }

    /**
     * Sent by the relayer: the customer's signed {@code terms} ({@link VaultSignatures#subscribe}) and permit create
     * the mandate and, with a {@code firstChargeId}, charge the first invoice in the same transaction.
     *
     * @param signature the customer's signature of the terms, {@code 0x} + 65 bytes
     * @param permit the customer's EIP-2612 permit for the vault, or null when the allowance is already in place
     * @param firstChargeId {@link ChargeId#of} the first invoice, or null for no charge now
     * @param firstChargeAmount the first charge's amount (ignored without a charge id)
     */
    public static String subscribeBySignature(
            SubscribeAuthorization terms,
            String signature,
            @Nullable PermitData permit,
            @Nullable String firstChargeId,
            BigInteger firstChargeAmount) {
        Abi.requireUnsigned(firstChargeAmount, "firstChargeAmount");
        var termsTuple = new StaticStruct(
                Abi.bytes32(terms.ref(), "ref"),
                Abi.address(terms.customer(), "customer"),
                Abi.address(terms.merchant(), "merchant"),
                Abi.address(terms.token(), "token"),
                new Uint256(terms.amount()),
                new Uint16(terms.periodMonths()),
                new Uint64(Abi.epochSeconds(terms.firstChargeAt(), "firstChargeAt")),
                new Uint32(terms.periods()),
                new Uint256(Abi.epochSeconds(terms.deadline(), "deadline")),
                Abi.bytes32(terms.nonce(), "nonce"));
        var permitTuple = permit == null
                ? new DynamicStruct(new Uint256(0), new Uint256(0), new DynamicBytes(new byte[0]))
                : new DynamicStruct(
                        new Uint256(permit.value()),
                        new Uint256(permit.deadline()),
                        new DynamicBytes(Signatures.bytes(permit.signature())));
        String arguments = FunctionEncoder.encodeConstructor(List.<Type>of(
                termsTuple,
                new DynamicBytes(Signatures.bytes(signature)),
                permitTuple,
                Abi.bytes32(firstChargeId == null ? NO_CHARGE : firstChargeId, "firstChargeId"),
                new Uint256(firstChargeId == null ? BigInteger.ZERO : firstChargeAmount)));
        return SUBSCRIBE_BY_SIGNATURE_SELECTOR + Numeric.cleanHexPrefix(arguments);
    }

    /**
     * Anyone may send it (the relayer, to pay the gas): the customer's signed cancel ({@link
     * VaultSignatures#cancel}) ends the mandate.
     */
    public static String cancelBySignature(String ref, BigInteger deadline, String signature) {
        Abi.requireUnsigned(deadline, "deadline");
        return Abi.call(
                "cancelBySignature",
                Abi.bytes32(ref, "ref"),
                new Uint256(deadline),
                new DynamicBytes(Signatures.bytes(signature)));
    }

    /** {@code eth_call} data; the result (true once the terms' nonce was used) decodes with {@link #decodeBool}. */
    public static String nonceUsed(String customer, String nonce) {
        return Abi.call("nonceUsed", Abi.address(customer, "customer"), Abi.bytes32(nonce, "nonce"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeBytes32}. */
    public static String DOMAIN_SEPARATOR() {
        return Abi.call("DOMAIN_SEPARATOR");
    }

    public static boolean decodeBool(String returnData) {
        return (Boolean) Abi.decode(returnData, Bool.class).getFirst().getValue();
    }

    public static String decodeBytes32(String returnData) {
        return Abi.hex((Bytes32) Abi.decode(returnData, Bytes32.class).getFirst());
    }

    /** Sent by the relayer or the merchant; the merchant has approved the vault for at least {@code amount}. */
    public static String refund(String ref, BigInteger amount, String refundId) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call("refund", Abi.bytes32(ref, "ref"), new Uint256(amount), Abi.bytes32(refundId, "refundId"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeSubscription}. */
    public static String getSubscription(String ref) {
        return Abi.call("getSubscription", Abi.bytes32(ref, "ref"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeChargeRecord}. */
    public static String chargeOf(String chargeId) {
        return Abi.call("chargeOf", Abi.bytes32(chargeId, "chargeId"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeTimestamp} (epoch when canceled). */
    public static String nextChargeAt(String ref) {
        return Abi.call("nextChargeAt", Abi.bytes32(ref, "ref"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeTimestamp}. */
    public static String periodStart(String ref, long periodIndex) {
        return Abi.call("periodStart", Abi.bytes32(ref, "ref"), new Uint32(periodIndex));
    }

    /** {@code eth_call} data for the vault's calendar; the result decodes with {@link #decodeTimestamp}. */
    public static String addMonths(Instant timestamp, long months) {
        return Abi.call(
                "addMonths",
                new Uint64(Abi.epochSeconds(timestamp, "timestamp")),
                new Uint256(BigInteger.valueOf(months)));
    }

    public static OnChainSubscription decodeSubscription(String returnData) {
        List<Type> words = Abi.decode(
                returnData,
                Address.class,
                Address.class,
                Address.class,
                Uint256.class,
                Uint16.class,
                Uint64.class,
                Uint32.class,
                Bool.class,
                Uint256.class,
                Uint256.class,
                Uint32.class);
        return new OnChainSubscription(
                Abi.hex((Address) words.get(0)),
                Abi.hex((Address) words.get(1)),
                Abi.hex((Address) words.get(2)),
                Abi.value(words.get(3)),
                Abi.value(words.get(4)).intValueExact(),
                Abi.instant(Abi.value(words.get(5))),
                Abi.value(words.get(6)).longValueExact(),
                (Boolean) words.get(7).getValue(),
                Abi.value(words.get(8)),
                Abi.value(words.get(9)),
                Abi.value(words.get(10)).longValueExact());
    }

    public static ChargeRecord decodeChargeRecord(String returnData) {
        List<Type> words = Abi.decode(returnData, Uint32.class, Uint64.class, Bool.class);
        return new ChargeRecord(
                Abi.value(words.get(0)).longValueExact(),
                Abi.value(words.get(1)).longValueExact(),
                (Boolean) words.get(2).getValue());
    }

    /** A {@code uint64} timestamp result ({@code nextChargeAt}, {@code periodStart}, {@code addMonths}). */
    public static Instant decodeTimestamp(String returnData) {
        return Abi.instant(Abi.uint(returnData));
    }

    /**
     * The vault event in a log, or empty when topic0 is none of the vault's events. The caller checks that the
     * log came from the vault's address.
     *
     * @param topics the log's topics, topic0 first
     * @param data the log's data, {@code 0x} hex
     */
    public static Optional<VaultEvent> decodeEvent(List<String> topics, String data) {
        return VaultEventDecoder.decode(topics, data);
    }

    /** The custom error in revert data ({@code 0x} + selector + arguments), or {@link VaultError.Unknown}. */
    public static VaultError decodeError(String revertData) {
        return VaultErrorDecoder.decode(revertData);
    }
}
