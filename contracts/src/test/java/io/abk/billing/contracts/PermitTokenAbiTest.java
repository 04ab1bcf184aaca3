package io.abk.billing.contracts;

import static io.abk.billing.contracts.SubscriptionVaultAbiTest.encode;
import static io.abk.billing.contracts.SubscriptionVaultAbiTest.selector;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.TokenRevert.Reason;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Uint256;

class PermitTokenAbiTest {

    private static final String PAYER = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";

    @ParameterizedTest
    @CsvSource({
        "FiatTokenV2: permit is expired, PERMIT_EXPIRED",
        "EIP2612: invalid signature, PERMIT_INVALID_SIGNATURE",
        "FiatTokenV2: authorization is not yet valid, AUTHORIZATION_NOT_YET_VALID",
        "FiatTokenV2: authorization is expired, AUTHORIZATION_EXPIRED",
        "FiatTokenV2: authorization is used or canceled, AUTHORIZATION_USED",
        "FiatTokenV2: invalid signature, AUTHORIZATION_INVALID_SIGNATURE",
        "ECRecover: invalid signature 's' value, MALFORMED_SIGNATURE",
        "FiatTokenV2: caller must be the payee, CALLER_NOT_PAYEE",
        "ERC20: transfer amount exceeds balance, INSUFFICIENT_BALANCE",
        "Pausable: paused, PAUSED",
        "Blacklistable: account is blacklisted, BLACKLISTED",
        "something else, UNKNOWN"
    })
    void shouldNameFiatTokensRevertStrings(String message, Reason reason) {
        String data =
                selector("Error(string)") + encode(new Utf8String(message)).substring(2);

        assertThat(PermitTokenAbi.decodeRevert(data)).isEqualTo(new TokenRevert(reason, message));
    }

    @Test
    void shouldNameTheTestTokensBalanceErrorAndKeepUnknownData() {
        String shortBalance = selector("InsufficientBalance(address,uint256,uint256)")
                + encode(new Address(PAYER), new Uint256(1), new Uint256(2)).substring(2);

        assertThat(PermitTokenAbi.decodeRevert(shortBalance).reason()).isEqualTo(Reason.INSUFFICIENT_BALANCE);
        assertThat(PermitTokenAbi.decodeRevert("0x")).isEqualTo(new TokenRevert(Reason.UNKNOWN, "0x"));
        assertThat(PermitTokenAbi.decodeRevert(selector("Error(string)") + "00").reason())
                .isEqualTo(Reason.UNKNOWN);
    }

    @Test
    void shouldDecodeTheDomainsPartsAndAuthorizationLogs() {
        String nonce = AuthorizationNonce.of("pay_1");

        assertThat(PermitTokenAbi.decodeString(encode(new Utf8String("USD Coin"))))
                .isEqualTo("USD Coin");
        assertThat(PermitTokenAbi.decodeAuthorizationUsed(List.of(
                        PermitTokenAbi.AUTHORIZATION_USED_TOPIC, "0x" + "0".repeat(24) + PAYER.substring(2), nonce)))
                .contains(new PermitTokenAbi.AuthorizationEvent(PAYER, nonce));
        assertThat(PermitTokenAbi.decodeAuthorizationUsed(List.of(Erc20Abi.TRANSFER_TOPIC, nonce, nonce)))
                .isEmpty();
        assertThat(PermitTokenAbi.AUTHORIZATION_USED_TOPIC)
                .isEqualTo("0x98de503528ee59b575ef0c0a2576a82497bfc029a5685b209e9ec333479b10a5");
    }

    @Test
    void shouldNameAPaymentsNonceLikeAChargeId() {
        assertThat(AuthorizationNonce.of("pay_1"))
                .isEqualTo(ChargeId.of("pay_1"))
                .matches("0x[0-9a-f]{64}");
    }
}
