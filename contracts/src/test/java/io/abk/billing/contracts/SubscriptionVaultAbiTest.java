package io.abk.billing.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

class SubscriptionVaultAbiTest {

    private static final String REF = SubscriptionRef.of("sub_1");
    private static final String CHARGE_ID = ChargeId.of("inv_1");
    private static final String MERCHANT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final String TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    private static final Instant ANCHOR = Instant.parse("2027-01-31T09:15:00Z");

    @Test
    void shouldStartEachCallWithTheSelectorOfItsSignature() {
        assertThat(SubscriptionVaultAbi.subscribe(REF, MERCHANT, TOKEN, BigInteger.TEN, 1, ANCHOR))
                .startsWith(selector("subscribe(bytes32,address,address,uint256,uint16,uint64)"));
        assertThat(SubscriptionVaultAbi.charge(REF, BigInteger.TEN, CHARGE_ID))
                .startsWith(selector("charge(bytes32,uint256,bytes32)"));
        assertThat(SubscriptionVaultAbi.cancel(REF)).startsWith(selector("cancel(bytes32)"));
        assertThat(SubscriptionVaultAbi.refund(REF, BigInteger.TEN, RefundId.of("re_1")))
                .startsWith(selector("refund(bytes32,uint256,bytes32)"));
        assertThat(SubscriptionVaultAbi.getSubscription(REF)).startsWith(selector("getSubscription(bytes32)"));
        assertThat(SubscriptionVaultAbi.chargeOf(CHARGE_ID)).startsWith(selector("chargeOf(bytes32)"));
        assertThat(SubscriptionVaultAbi.nextChargeAt(REF)).startsWith(selector("nextChargeAt(bytes32)"));
        assertThat(SubscriptionVaultAbi.periodStart(REF, 3)).startsWith(selector("periodStart(bytes32,uint32)"));
        assertThat(SubscriptionVaultAbi.addMonths(ANCHOR, 1)).startsWith(selector("addMonths(uint64,uint256)"));
    }

    @Test
    void shouldEncodeArgumentsAsAbiWords() {
        String calldata = SubscriptionVaultAbi.charge(REF, BigInteger.valueOf(10_000_000), CHARGE_ID);

        assertThat(calldata)
                .isEqualTo(selector("charge(bytes32,uint256,bytes32)")
                        + REF.substring(2)
                        + "%064x".formatted(10_000_000)
                        + CHARGE_ID.substring(2));
    }

    @Test
    void shouldEncodeAChargeBatchAsAnArrayOfChargeTuples() {
        var second = new ChargeCall(SubscriptionRef.of("sub_2"), BigInteger.ONE, ChargeId.of("inv_2"));
        var charges = List.of(new ChargeCall(REF, BigInteger.valueOf(10_000_000), CHARGE_ID), second);

        var expected = FunctionEncoder.encode(new Function(
                "chargeBatch",
                List.<Type>of(new DynamicArray<>(
                        StaticStruct.class,
                        charges.stream()
                                .map(charge -> new StaticStruct(
                                        new Bytes32(Numeric.hexStringToByteArray(charge.ref())),
                                        new Uint256(charge.amount()),
                                        new Bytes32(Numeric.hexStringToByteArray(charge.chargeId()))))
                                .toList())),
                List.of()));
        assertThat(SubscriptionVaultAbi.chargeBatch(charges))
                .startsWith(selector("chargeBatch((bytes32,uint256,bytes32)[])"))
                .isEqualTo(expected);
        assertThatThrownBy(() -> SubscriptionVaultAbi.chargeBatch(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SubscriptionVaultAbi.chargeBatch(
                        List.of(new ChargeCall(REF, BigInteger.ONE.shiftLeft(256), CHARGE_ID))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        SubscriptionVaultAbi.chargeBatch(List.of(new ChargeCall("0x12", BigInteger.ONE, CHARGE_ID))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseMalformedIdsAddressesAndTimes() {
        assertThatThrownBy(() -> SubscriptionVaultAbi.cancel("0x1234")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> SubscriptionVaultAbi.subscribe(REF, "0xnot-an-address", TOKEN, BigInteger.ONE, 1, ANCHOR))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        SubscriptionVaultAbi.subscribe(REF, MERCHANT, TOKEN, BigInteger.ONE, 1, ANCHOR.plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SubscriptionVaultAbi.charge(REF, BigInteger.ONE.negate(), CHARGE_ID))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldAcceptIdsInAnyCase() {
        assertThat(SubscriptionVaultAbi.cancel(REF.toUpperCase().replace("0X", "0x")))
                .isEqualTo(SubscriptionVaultAbi.cancel(REF));
    }

    @Test
    void shouldDecodeASubscriptionWithLowerCaseAddresses() {
        String returned = encode(
                new Address(MERCHANT),
                new Address(MERCHANT),
                new Address(TOKEN),
                new Uint256(10),
                new Uint16(12),
                new Uint64(ANCHOR.getEpochSecond()),
                new Uint256(2),
                new org.web3j.abi.datatypes.Bool(true),
                new Uint256(20),
                new Uint256(5),
                new Uint256(12));

        assertThat(SubscriptionVaultAbi.decodeSubscription(returned))
                .isEqualTo(new OnChainSubscription(
                        MERCHANT.toLowerCase(),
                        MERCHANT.toLowerCase(),
                        TOKEN.toLowerCase(),
                        BigInteger.TEN,
                        12,
                        ANCHOR,
                        2,
                        true,
                        BigInteger.valueOf(20),
                        BigInteger.valueOf(5),
                        12));
    }

    @Test
    void shouldDecodeAChargeRecordAndATimestamp() {
        String returned = encode(new Uint256(3), new Uint256(99), new org.web3j.abi.datatypes.Bool(true));

        assertThat(SubscriptionVaultAbi.decodeChargeRecord(returned)).isEqualTo(new ChargeRecord(3, 99, true));
        assertThat(SubscriptionVaultAbi.decodeTimestamp(encode(new Uint64(ANCHOR.getEpochSecond()))))
                .isEqualTo(ANCHOR);
    }

    @Test
    void shouldFailLoudlyOnShortReturnData() {
        assertThatThrownBy(() -> SubscriptionVaultAbi.decodeSubscription("0x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldDeriveIdsFromKeccakOfUtf8() {
        assertThat(SubscriptionRef.of(""))
                .isEqualTo("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
        assertThat(ChargeId.of("inv_é")).isEqualTo(Hash.sha3String("inv_é"));
        assertThat(RefundId.of("re_1")).isEqualTo(Hash.sha3String("re_1")).matches("0x[0-9a-f]{64}");
    }

    static String selector(String signature) {
        return Hash.sha3String(signature).substring(0, 10);
    }

    static String encode(Type<?>... values) {
        return "0x" + FunctionEncoder.encodeConstructor(List.<Type>of(values));
    }

    static byte[] hexBytes(String hex) {
        return org.web3j.utils.Numeric.hexStringToByteArray(hex);
    }
}
