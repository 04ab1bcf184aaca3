package io.abk.billing.gateway.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.utils.Numeric;

/** The mandate's three eth_calls and their answers, encoded as the token and the vault answer them. */
class MandateReadingTest {

    static final String TOKEN = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
    static final String VAULT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    static final String REF = SubscriptionRef.of("sub_01jcrgx3b2m0x9k8d7f6e5a4s3");

    @Test
    void shouldCallAllowanceAndBalanceOnTheTokenAndGetSubscriptionOnTheVault() {
        var calls = MandateReading.calls(TOKEN, VAULT, WALLET, REF);

        assertThat(calls)
                .containsExactly(
                        new MandateReading.Call(TOKEN, Erc20Abi.allowance(WALLET, VAULT)),
                        new MandateReading.Call(TOKEN, Erc20Abi.balanceOf(WALLET)),
                        new MandateReading.Call(VAULT, SubscriptionVaultAbi.getSubscription(REF)));
        assertThat(calls.get(0).data()).startsWith("0xdd62ed3e");
        assertThat(calls.get(1).data()).startsWith("0x70a08231");
    }

    @Test
    void shouldDecodeTheAllowanceTheBalanceAndTheVaultsChargeCount() {
        var reading = MandateReading.decode(
                List.of(answer(uint(29_970_000L)), answer(uint(100_000_000L)), answer(subscription(2))));

        assertThat(reading)
                .isEqualTo(new MandateReading(BigInteger.valueOf(29_970_000L), BigInteger.valueOf(100_000_000L), 2L));
    }

    @Test
    void shouldHaveNoChargeCountWhenTheVaultHoldsNoSuchReference() {
        var unknown = FunctionEncoder.encode(new Function(
                "UnknownSubscription", List.of(new Bytes32(Numeric.hexStringToByteArray(REF))), List.of()));

        var reading = MandateReading.decode(
                List.of(answer(uint(9_990_000L)), answer(uint(0)), new MandateReading.Answer(null, revert(unknown))));

        assertThat(reading.chargeCount()).isNull();
        assertThat(reading.allowance()).isEqualTo(BigInteger.valueOf(9_990_000L));
    }

    @Test
    void shouldFailWhenTheVaultRevertsOtherwiseOrAnAddressHasNoContract() {
        var other = FunctionEncoder.encode(new Function("NotRelayer", List.of(), List.of()));

        assertThatThrownBy(() -> MandateReading.decode(
                        List.of(answer(uint(1)), answer(uint(1)), new MandateReading.Answer(null, revert(other)))))
                .isInstanceOf(RpcErrorException.class);
        assertThatThrownBy(() -> MandateReading.decode(List.of(answer("0x"), answer(uint(1)), answer(subscription(0)))))
                .as("a token address without code answers 0x")
                .isInstanceOf(RpcErrorException.class);
    }

    @Test
    void shouldConvertBaseUnitsToUsdcExactlyRoundingDownToMicroUsdc() {
        assertThat(MandateReading.usdc(BigInteger.valueOf(29_970_000L), 6).toPlainString())
                .isEqualTo("29.97");
        assertThat(MandateReading.usdc(BigInteger.valueOf(10_010_001L), 6).toPlainString())
                .isEqualTo("10.010001");
        assertThat(MandateReading.usdc(BigInteger.ZERO, 6).toPlainString()).isEqualTo("0");
        // 18 decimals: 1.5 USDC and one base unit more is still 1.5; below one micro-USDC is nothing.
        assertThat(MandateReading.usdc(new BigInteger("1500000000000000001"), 18)
                        .toPlainString())
                .isEqualTo("1.5");
        assertThat(MandateReading.usdc(new BigInteger("999999999999"), 18).toPlainString())
                .isEqualTo("0");
        // An unlimited allowance is 2^256 - 1 base units: exact, beyond any long.
        assertThat(MandateReading.usdc(Erc20Abi.UNLIMITED, 6).movePointRight(6).toBigIntegerExact())
                .isEqualTo(Erc20Abi.UNLIMITED);
    }

    private static MandateReading.Answer answer(String result) {
        return new MandateReading.Answer(result, null);
    }

    private static RpcErrorException revert(String data) {
        return new RpcErrorException("eth_call", 3, "execution reverted", "\"" + data + "\"");
    }

    private static String uint(long value) {
        return "0x" + FunctionEncoder.encodeConstructor(List.of(new Uint256(value)));
    }

    /** {@code getSubscription}'s answer: the vault's struct with {@code chargeCount} charges made. */
    private static String subscription(long chargeCount) {
        List<Type> words = List.of(
                new Address(WALLET),
                new Address(VAULT),
                new Address(TOKEN),
                new Uint256(9_990_000L),
                new Uint16(1),
                new Uint64(1_780_000_000L),
                new Uint32(chargeCount),
                new Bool(false),
                new Uint256(9_990_000L * chargeCount),
                new Uint256(0),
                // maxCharges: 0, a mandate of the transaction path (no limit but the allowance)
                new Uint32(0));
        return "0x" + FunctionEncoder.encodeConstructor(words);
    }
}
