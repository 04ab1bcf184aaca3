package io.abk.billing.contracts;

import static io.abk.billing.contracts.SubscriptionVaultAbiTest.encode;
import static io.abk.billing.contracts.SubscriptionVaultAbiTest.hexBytes;
import static io.abk.billing.contracts.SubscriptionVaultAbiTest.selector;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.VaultError.InvalidSubscriptionReason;
import java.math.BigInteger;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;

class VaultErrorsTest {

    private static final String REF = SubscriptionRef.of("sub_1");
    private static final String ACCOUNT = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

    @Test
    void shouldDecodeErrorsWithoutArguments() {
        assertThat(SubscriptionVaultAbi.decodeError(selector("NotRelayer()"))).isEqualTo(new VaultError.NotRelayer());
        assertThat(SubscriptionVaultAbi.decodeError(selector("NotCustomerOrRelayer()")))
                .isEqualTo(new VaultError.NotCustomerOrRelayer());
        assertThat(SubscriptionVaultAbi.decodeError(selector("TokenTransferFailed()")))
                .isEqualTo(new VaultError.TokenTransferFailed());
    }

    @Test
    void shouldDecodeErrorArguments() {
        Instant startsAt = Instant.parse("2027-02-28T09:15:00Z");
        assertThat(SubscriptionVaultAbi.decodeError(selector("PeriodNotStarted(bytes32,uint32,uint64)")
                        + args(new Bytes32(hexBytes(REF)), new Uint256(1), new Uint256(startsAt.getEpochSecond()))))
                .isEqualTo(new VaultError.PeriodNotStarted(REF, 1, startsAt));
        assertThat(SubscriptionVaultAbi.decodeError(
                        selector("AmountAboveMandate(uint256,uint256)") + args(new Uint256(11), new Uint256(10))))
                .isEqualTo(new VaultError.AmountAboveMandate(BigInteger.valueOf(11), BigInteger.TEN));
        assertThat(SubscriptionVaultAbi.decodeError(selector("InvalidSubscription(uint8)") + args(new Uint256(4))))
                .isEqualTo(new VaultError.InvalidSubscription(InvalidSubscriptionReason.INVALID_PERIOD));
        assertThat(SubscriptionVaultAbi.decodeError(selector("InvalidSubscription(uint8)") + args(new Uint256(9))))
                .isEqualTo(new VaultError.InvalidSubscription(InvalidSubscriptionReason.UNRECOGNIZED));
    }

    @Test
    void shouldDecodeTheTokensErrors() {
        assertThat(SubscriptionVaultAbi.decodeError(selector("InsufficientBalance(address,uint256,uint256)")
                        + args(new Address(ACCOUNT.toUpperCase().replace("0X", "0x")), new Uint256(1), new Uint256(2))))
                .isEqualTo(new VaultError.InsufficientBalance(ACCOUNT, BigInteger.ONE, BigInteger.TWO));
        assertThat(SubscriptionVaultAbi.decodeError(selector("InsufficientAllowance(address,uint256,uint256)")
                        + args(new Address(ACCOUNT), new Uint256(0), new Uint256(2))))
                .isEqualTo(new VaultError.InsufficientAllowance(ACCOUNT, BigInteger.ZERO, BigInteger.TWO));
    }

    @Test
    void shouldKeepUnknownDataAsItCame() {
        String panic = selector("Panic(uint256)") + args(new Uint256(0x11));
        assertThat(SubscriptionVaultAbi.decodeError(panic)).isEqualTo(new VaultError.Unknown(panic));
        assertThat(SubscriptionVaultAbi.decodeError("0x")).isEqualTo(new VaultError.Unknown("0x"));
        // A known selector with arguments cut short is not guessed at.
        String truncated = selector("RefAlreadyUsed(bytes32)") + "00";
        assertThat(SubscriptionVaultAbi.decodeError(truncated)).isEqualTo(new VaultError.Unknown(truncated));
    }

    private static String args(org.web3j.abi.datatypes.Type<?>... values) {
        return encode(values).substring(2);
    }
}
