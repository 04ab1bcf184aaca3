package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.gateway.checkout.WalletCalls.Contracts;
import io.abk.billing.gateway.checkout.WalletCalls.SubscribeTerms;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.Utils;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

/**
 * The wallet calls decoded back with web3j's own decoder, independently of the encoders that built them: the right
 * contract, selector and arguments, amounts exact in base units, the first charge at the anchor.
 */
class WalletCallsTest {

    static final String USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
    static final String VAULT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    static final String PAYOUT = "0x2222222222222222222222222222222222222222";
    static final Contracts CHAIN = new Contracts(USDC, 6, VAULT);
    static final Instant ANCHOR = Instant.parse("2026-01-31T10:00:00.789Z");

    @Test
    void shouldApproveTheVaultForTwelvePeriodsThenSubscribeAtTheAnchorWhenTheTermsAreMonthly() {
        var calls = WalletCalls.subscribe(
                new SubscribeTerms(
                        "sub_a", WalletCalls.micros(new BigDecimal("9.99")), "month", ANCHOR, PAYOUT, "Acme Shop"),
                CHAIN);

        assertThat(calls).hasSize(2).allSatisfy(call -> assertThat(call.value()).isEqualTo("0x0"));
        var approve = calls.getFirst();
        assertThat(approve.to()).isEqualTo(USDC);
        assertThat(decode(approve.data(), "approve(address,uint256)", Address.class, Uint256.class))
                .containsExactly(VAULT.toLowerCase(), BigInteger.valueOf(119_880_000L));
        assertThat(approve.description()).isEqualTo("Allow the subscription vault to collect up to 119.88 USDC");
        var subscribe = calls.get(1);
        assertThat(subscribe.to()).isEqualTo(VAULT);
        assertThat(decode(
                        subscribe.data(),
                        "subscribe(bytes32,address,address,uint256,uint16,uint64)",
                        Bytes32.class,
                        Address.class,
                        Address.class,
                        Uint256.class,
                        Uint16.class,
                        Uint64.class))
                .containsExactly(
                        SubscriptionRef.of("sub_a"),
                        PAYOUT,
                        USDC.toLowerCase(),
                        BigInteger.valueOf(9_990_000L),
                        BigInteger.ONE,
                        BigInteger.valueOf(Instant.parse("2026-01-31T10:00:00Z").getEpochSecond()));
        assertThat(subscribe.description()).isEqualTo("Subscribe: 9.99 USDC every month to Acme Shop");
    }

    @Test
    void shouldSubscribeForTwelveMonthPeriodsAndNameThePayoutWhenYearlyAndTheMerchantHasNoName() {
        var calls =
                WalletCalls.subscribe(new SubscribeTerms("sub_b", 10_000_000L, "year", ANCHOR, PAYOUT, null), CHAIN);

        assertThat(decode(
                                calls.get(1).data(),
                                "subscribe(bytes32,address,address,uint256,uint16,uint64)",
                                Bytes32.class,
                                Address.class,
                                Address.class,
                                Uint256.class,
                                Uint16.class,
                                Uint64.class)
                        .get(4))
                .isEqualTo(BigInteger.valueOf(12));
        assertThat(calls.getFirst().description()).isEqualTo("Allow the subscription vault to collect up to 120 USDC");
        assertThat(calls.get(1).description()).isEqualTo("Subscribe: 10 USDC every year to " + PAYOUT);
    }

    @Test
    void shouldScaleAmountsExactlyToTheTokensDecimals() {
        var eighteen = new Contracts(USDC, 18, VAULT);

        var calls = WalletCalls.subscribe(new SubscribeTerms("sub_c", 1L, "month", ANCHOR, PAYOUT, "Shop"), eighteen);

        assertThat(decode(
                                calls.get(1).data(),
                                "subscribe(bytes32,address,address,uint256,uint16,uint64)",
                                Bytes32.class,
                                Address.class,
                                Address.class,
                                Uint256.class,
                                Uint16.class,
                                Uint64.class)
                        .get(3))
                .as("one micro-USDC")
                .isEqualTo(BigInteger.TEN.pow(12));
        assertThat(calls.get(1).description()).isEqualTo("Subscribe: 0.000001 USDC every month to Shop");
        assertThat(WalletCalls.baseUnits(1_000_000_000_000_000L, 6))
                .isEqualTo(BigInteger.valueOf(1_000_000_000_000_000L));
        assertThat(WalletCalls.micros(new BigDecimal("1.1000000"))).isEqualTo(1_100_000L);
    }

    @Test
    void shouldOfferNoSubscribeWhenNoVaultIsDeployed() {
        assertThat(WalletCalls.subscribe(
                        new SubscribeTerms("sub_d", 1L, "month", ANCHOR, PAYOUT, null), new Contracts(USDC, 6, null)))
                .isEmpty();
    }

    @Test
    void shouldTransferThePaymentsAmountToThePayoutAddressWhenPaying() {
        var calls = WalletCalls.pay(WalletCalls.micros(new BigDecimal("9.9")), PAYOUT, "Tom & Jerry", CHAIN);

        assertThat(calls).singleElement().satisfies(call -> {
            assertThat(call.to()).isEqualTo(USDC);
            assertThat(call.value()).isEqualTo("0x0");
            assertThat(decode(call.data(), "transfer(address,uint256)", Address.class, Uint256.class))
                    .containsExactly(PAYOUT, BigInteger.valueOf(9_900_000L));
            assertThat(call.description()).isEqualTo("Pay 9.9 USDC to Tom & Jerry");
        });
    }

    /**
     * The arguments of {@code data} as plain values (addresses lower-case hex, words {@code 0x} hex, numbers
     * BigInteger), after checking its selector is the one of {@code signature}.
     */
    @SafeVarargs
    static List<Object> decode(String data, String signature, Class<? extends Type>... types) {
        assertThat(data.substring(0, 10))
                .as("selector of " + signature)
                .isEqualTo(Hash.sha3String(signature).substring(0, 10));
        List<TypeReference<?>> references = java.util.Arrays.stream(types)
                .<TypeReference<?>>map(type -> TypeReference.create(type))
                .toList();
        return FunctionReturnDecoder.decode(data.substring(10), Utils.convert(references)).stream()
                .map(value -> switch (value) {
                    case Bytes32 word -> (Object) Numeric.toHexString(word.getValue());
                    case Address address -> address.getValue().toLowerCase();
                    default -> value.getValue();
                })
                .toList();
    }
}
