package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.FUNDS;
import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.assertTokenRefused;
import static io.abk.billing.localchain.VaultFixture.sign;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.Eip2612;
import io.abk.billing.contracts.Eip3009;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.PermitTokenAbi.AuthorizationEvent;
import io.abk.billing.contracts.TokenRevert.Reason;
import io.abk.billing.contracts.TokenTransfer;
import io.abk.billing.contracts.TypedData;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * TestUSDC's FiatToken v2.2 interfaces against a real anvil: the domain a wallet builds from the token's name and
 * version is the one the token verifies, EIP-2612 permits and EIP-3009 transfer authorizations signed by a wallet
 * without ETH work when someone else submits them, and refusals carry FiatToken's messages.
 */
class TokenSignatureIT {

    private static VaultFixture chain;
    private static Credentials payer;
    private String snapshot;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
        payer = chain.walletWithoutEth("payer without eth");
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @BeforeEach
    void snapshot() {
        snapshot = chain.node.snapshot();
    }

    @AfterEach
    void rewind() {
        chain.node.revert(snapshot);
    }

    @Test
    void shouldVerifyInTheDomainBuiltFromTheTokensNameAndVersion() {
        var domain = chain.tokenDomain();

        assertThat(domain.name()).isEqualTo("Test USDC");
        assertThat(domain.version()).isEqualTo("2");
        assertThat(PermitTokenAbi.decodeBytes32(chain.tx.call(chain.token(), PermitTokenAbi.DOMAIN_SEPARATOR())))
                .isEqualTo(domain.separator());
    }

    @Test
    void shouldApproveByAPermitSubmittedByAnotherAccount() {
        TypedData permit = permit(TEN_USDC, PermitTokenAbi.NO_DEADLINE);

        chain.tx.send(
                chain.relayer, chain.token(), submitPermit(TEN_USDC, PermitTokenAbi.NO_DEADLINE, sign(permit, payer)));

        assertThat(chain.allowance(payer.getAddress())).isEqualTo(TEN_USDC);
        assertThat(chain.permitNonce(payer.getAddress())).isOne();
        assertThat(chain.ethBalance(payer.getAddress())).isZero();
    }

    @Test
    void shouldRefuseAnExpiredPermitOrOneSignedByAnotherKeyWithFiatTokensMessages() {
        BigInteger past = BigInteger.valueOf(chain.now().getEpochSecond() - 1);
        String expired = sign(permit(TEN_USDC, past), payer);
        String byStranger = sign(permit(TEN_USDC, PermitTokenAbi.NO_DEADLINE), chain.stranger);
        String forAnotherValue = sign(permit(BigInteger.ONE, PermitTokenAbi.NO_DEADLINE), payer);

        assertTokenRefused(() -> sendPermit(TEN_USDC, past, expired), Reason.PERMIT_EXPIRED);
        assertTokenRefused(
                () -> sendPermit(TEN_USDC, PermitTokenAbi.NO_DEADLINE, byStranger), Reason.PERMIT_INVALID_SIGNATURE);
        assertTokenRefused(
                () -> sendPermit(TEN_USDC, PermitTokenAbi.NO_DEADLINE, forAnotherValue),
                Reason.PERMIT_INVALID_SIGNATURE);
    }

    @Test
    void shouldTransferByAnAuthorizationAndNameItsNonceInAuthorizationUsed() {
        String nonce = AuthorizationNonce.of("pay_" + UUID.randomUUID());
        BigInteger validBefore = inAnHour();
        String signature = sign(authorization(nonce, BigInteger.ZERO, validBefore), payer);

        TransactionReceipt receipt = transferWithAuthorization(nonce, BigInteger.ZERO, validBefore, signature);

        List<Log> logs = receipt.getLogs();
        assertThat(logs).hasSize(2);
        // FiatToken's order: the authorization is marked used, then the transfer made.
        assertThat(PermitTokenAbi.decodeAuthorizationUsed(logs.get(0).getTopics()))
                .isEqualTo(Optional.of(new AuthorizationEvent(lower(payer), nonce)));
        assertThat(Erc20Abi.decodeTransfer(logs.get(1).getTopics(), logs.get(1).getData()))
                .contains(new TokenTransfer(lower(payer), lower(chain.merchant), TEN_USDC));
        assertThat(chain.balance(payer.getAddress())).isEqualTo(FUNDS.subtract(TEN_USDC));
        assertThat(chain.ethBalance(payer.getAddress())).isZero();
        assertThat(PermitTokenAbi.decodeBool(
                        chain.tx.call(chain.token(), PermitTokenAbi.authorizationState(payer.getAddress(), nonce))))
                .isTrue();

        assertTokenRefused(
                () -> transferWithAuthorization(nonce, BigInteger.ZERO, validBefore, signature),
                Reason.AUTHORIZATION_USED);
    }

    @Test
    void shouldRefuseAnAuthorizationOutsideItsValidityOrSignedByAnotherKey() {
        String nonce = AuthorizationNonce.of("pay_" + UUID.randomUUID());
        BigInteger now = BigInteger.valueOf(chain.now().getEpochSecond());
        BigInteger expiredAt = now.subtract(BigInteger.ONE);
        BigInteger validLater = now.add(BigInteger.valueOf(3_600));
        BigInteger validBefore = inAnHour().add(BigInteger.valueOf(3_600));

        assertTokenRefused(
                () -> transferWithAuthorization(
                        nonce,
                        BigInteger.ZERO,
                        expiredAt,
                        sign(authorization(nonce, BigInteger.ZERO, expiredAt), payer)),
                Reason.AUTHORIZATION_EXPIRED);
        assertTokenRefused(
                () -> transferWithAuthorization(
                        nonce, validLater, validBefore, sign(authorization(nonce, validLater, validBefore), payer)),
                Reason.AUTHORIZATION_NOT_YET_VALID);
        assertTokenRefused(
                () -> transferWithAuthorization(
                        nonce,
                        BigInteger.ZERO,
                        validBefore,
                        sign(authorization(nonce, BigInteger.ZERO, validBefore), chain.stranger)),
                Reason.AUTHORIZATION_INVALID_SIGNATURE);
    }

    @Test
    void shouldRefuseAnAuthorizationItsPayerCanceled() {
        String nonce = AuthorizationNonce.of("pay_" + UUID.randomUUID());
        BigInteger validBefore = inAnHour();
        String cancel = sign(Eip3009.cancelAuthorization(chain.tokenDomain(), payer.getAddress(), nonce), payer);
        TransactionReceipt canceled = chain.tx.send(
                chain.relayer, chain.token(), PermitTokenAbi.cancelAuthorization(payer.getAddress(), nonce, cancel));

        assertThat(PermitTokenAbi.decodeAuthorizationCanceled(
                        canceled.getLogs().getFirst().getTopics()))
                .contains(new AuthorizationEvent(lower(payer), nonce));
        assertTokenRefused(
                () -> transferWithAuthorization(
                        nonce,
                        BigInteger.ZERO,
                        validBefore,
                        sign(authorization(nonce, BigInteger.ZERO, validBefore), payer)),
                Reason.AUTHORIZATION_USED);
    }

    @Test
    void shouldLetOnlyThePayeeSubmitAReceiveAuthorization() {
        String nonce = AuthorizationNonce.of("pay_" + UUID.randomUUID());
        BigInteger validBefore = inAnHour();
        String signature = sign(
                Eip3009.receiveWithAuthorization(
                        chain.tokenDomain(),
                        payer.getAddress(),
                        chain.merchant.getAddress(),
                        TEN_USDC,
                        BigInteger.ZERO,
                        validBefore,
                        nonce),
                payer);
        String call = PermitTokenAbi.receiveWithAuthorization(
                payer.getAddress(),
                chain.merchant.getAddress(),
                TEN_USDC,
                BigInteger.ZERO,
                validBefore,
                nonce,
                signature);

        assertTokenRefused(() -> chain.tx.send(chain.relayer, chain.token(), call), Reason.CALLER_NOT_PAYEE);
        chain.tx.send(chain.merchant, chain.token(), call);
        assertThat(chain.balance(payer.getAddress())).isEqualTo(FUNDS.subtract(TEN_USDC));
    }

    private static TypedData permit(BigInteger value, BigInteger deadline) {
        return Eip2612.permit(
                chain.tokenDomain(),
                payer.getAddress(),
                chain.vault(),
                value,
                chain.permitNonce(payer.getAddress()),
                deadline);
    }

    private static String submitPermit(BigInteger value, BigInteger deadline, String signature) {
        return PermitTokenAbi.permit(payer.getAddress(), chain.vault(), value, deadline, signature);
    }

    private static void sendPermit(BigInteger value, BigInteger deadline, String signature) {
        chain.tx.send(chain.relayer, chain.token(), submitPermit(value, deadline, signature));
    }

    private static TypedData authorization(String nonce, BigInteger validAfter, BigInteger validBefore) {
        return Eip3009.transferWithAuthorization(
                chain.tokenDomain(),
                payer.getAddress(),
                chain.merchant.getAddress(),
                TEN_USDC,
                validAfter,
                validBefore,
                nonce);
    }

    private static TransactionReceipt transferWithAuthorization(
            String nonce, BigInteger validAfter, BigInteger validBefore, String signature) {
        return chain.tx.send(
                chain.relayer,
                chain.token(),
                PermitTokenAbi.transferWithAuthorization(
                        payer.getAddress(),
                        chain.merchant.getAddress(),
                        TEN_USDC,
                        validAfter,
                        validBefore,
                        nonce,
                        signature));
    }

    private static BigInteger inAnHour() {
        return BigInteger.valueOf(chain.now().plusSeconds(3_600).getEpochSecond());
    }

    private static String lower(Credentials credentials) {
        return credentials.getAddress().toLowerCase(java.util.Locale.ROOT);
    }
}
