package io.abk.billing.contracts;

import static io.abk.billing.contracts.SubscriptionVaultAbiTest.encode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

class VaultEventsTest {

    private static final String REF = SubscriptionRef.of("sub_1");
    private static final String CUSTOMER = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    private static final String MERCHANT = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
    private static final String TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

    @Test
    void shouldNameTopicsAfterTheEventSignatures() {
        assertThat(SubscriptionVaultAbi.SUBSCRIBED_TOPIC)
                .isEqualTo(Hash.sha3String("Subscribed(bytes32,address,address,address,uint256,uint16,uint64)"));
        assertThat(SubscriptionVaultAbi.CHARGED_TOPIC)
                .isEqualTo(Hash.sha3String("Charged(bytes32,uint32,uint256,bytes32)"));
        assertThat(SubscriptionVaultAbi.CHARGE_FAILED_TOPIC)
                .isEqualTo(Hash.sha3String("ChargeFailed(bytes32,bytes32,bytes)"));
        assertThat(SubscriptionVaultAbi.EVENT_TOPICS).doesNotContain(SubscriptionVaultAbi.CHARGE_FAILED_TOPIC);
        assertThat(SubscriptionVaultAbi.CANCELED_TOPIC).isEqualTo(Hash.sha3String("Canceled(bytes32,address)"));
        assertThat(SubscriptionVaultAbi.REFUNDED_TOPIC).isEqualTo(Hash.sha3String("Refunded(bytes32,uint256,bytes32)"));
        assertThat(Erc20Abi.TRANSFER_TOPIC)
                .isEqualTo("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
    }

    @Test
    void shouldDecodeSubscribed() {
        Instant anchor = Instant.parse("2028-02-29T00:00:00Z");
        var topics = List.of(
                SubscriptionVaultAbi.SUBSCRIBED_TOPIC,
                REF,
                word(CUSTOMER),
                word(MERCHANT.toUpperCase().replace("0X", "0x")));
        String data = encode(
                new Address(TOKEN), new Uint256(10_000_000), new Uint16(12), new Uint64(anchor.getEpochSecond()));

        assertThat(SubscriptionVaultAbi.decodeEvent(topics, data))
                .contains(new VaultEvent.Subscribed(
                        REF, CUSTOMER, MERCHANT, TOKEN, BigInteger.valueOf(10_000_000), 12, anchor));
    }

    @Test
    void shouldDecodeChargedCanceledAndRefunded() {
        String chargeId = ChargeId.of("inv_1");
        String refundId = RefundId.of("re_1");

        assertThat(SubscriptionVaultAbi.decodeEvent(
                        List.of(SubscriptionVaultAbi.CHARGED_TOPIC, REF, chargeId),
                        encode(new Uint32(4), new Uint256(7))))
                .contains(new VaultEvent.Charged(REF, 4, BigInteger.valueOf(7), chargeId));
        assertThat(SubscriptionVaultAbi.decodeEvent(
                        List.of(SubscriptionVaultAbi.CANCELED_TOPIC, REF, word(CUSTOMER)), "0x"))
                .contains(new VaultEvent.Canceled(REF, CUSTOMER));
        assertThat(SubscriptionVaultAbi.decodeEvent(
                        List.of(SubscriptionVaultAbi.REFUNDED_TOPIC, REF, refundId), encode(new Uint256(3))))
                .contains(new VaultEvent.Refunded(REF, BigInteger.valueOf(3), refundId));
    }

    @Test
    void shouldDecodeAChargeFailedWithTheVaultErrorItCarries() {
        String chargeId = ChargeId.of("inv_1");
        String reason = Hash.sha3String("SubscriptionIsCanceled(bytes32)").substring(0, 10) + REF.substring(2);

        assertThat(SubscriptionVaultAbi.decodeEvent(
                        List.of(SubscriptionVaultAbi.CHARGE_FAILED_TOPIC, REF, chargeId),
                        encode(new DynamicBytes(Numeric.hexStringToByteArray(reason)))))
                .contains(new VaultEvent.ChargeFailed(REF, chargeId, new VaultError.SubscriptionIsCanceled(REF)));
    }

    @Test
    void shouldIgnoreOtherEventsAndRefuseMalformedOnes() {
        assertThat(SubscriptionVaultAbi.decodeEvent(
                        List.of(Erc20Abi.TRANSFER_TOPIC, word(CUSTOMER), word(MERCHANT)), encode(new Uint256(1))))
                .isEmpty();
        assertThat(SubscriptionVaultAbi.decodeEvent(List.of(), "0x")).isEmpty();
        assertThatThrownBy(
                        () -> SubscriptionVaultAbi.decodeEvent(List.of(SubscriptionVaultAbi.CANCELED_TOPIC, REF), "0x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldDecodeATokenTransfer() {
        var topics = List.of(Erc20Abi.TRANSFER_TOPIC, word(CUSTOMER), word(MERCHANT));

        assertThat(Erc20Abi.decodeTransfer(topics, encode(new Uint256(10_000_000))))
                .contains(new TokenTransfer(CUSTOMER, MERCHANT, BigInteger.valueOf(10_000_000)));
        assertThat(Erc20Abi.decodeTransfer(List.of(SubscriptionVaultAbi.CHARGED_TOPIC, REF, REF), "0x"))
                .isEmpty();
    }

    @Test
    void shouldEncodeTokenCallsWithTheirSelectors() {
        assertThat(Erc20Abi.transfer(CUSTOMER, BigInteger.ONE)).startsWith("0xa9059cbb");
        assertThat(Erc20Abi.approve(CUSTOMER, BigInteger.ONE)).startsWith("0x095ea7b3");
        assertThat(Erc20Abi.balanceOf(CUSTOMER)).startsWith("0x70a08231");
        assertThat(Erc20Abi.allowance(CUSTOMER, MERCHANT)).startsWith("0xdd62ed3e");
        assertThat(Erc20Abi.transferFrom(CUSTOMER, MERCHANT, BigInteger.ONE)).startsWith("0x23b872dd");
        assertThat(Erc20Abi.decimals()).isEqualTo("0x313ce567");
        assertThat(Erc20Abi.mint(CUSTOMER, BigInteger.ONE))
                .startsWith(SubscriptionVaultAbiTest.selector("mint(address,uint256)"));
        assertThat(Erc20Abi.decodeDecimals(encode(new Uint256(6)))).isEqualTo(6);
        assertThat(Erc20Abi.decodeBool("0x")).isTrue();
        assertThat(Erc20Abi.decodeBool(encode(new Uint256(0)))).isFalse();
    }

    private static String word(String address) {
        return "0x" + "0".repeat(24) + address.substring(2);
    }
}
