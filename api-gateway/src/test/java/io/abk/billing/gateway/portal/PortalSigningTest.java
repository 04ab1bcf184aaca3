package io.abk.billing.gateway.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.gateway.platform.web.ApiException;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the portal's revoke asks the wallet to sign (the vault's {@code CancelSubscription} of the subscription's
 * reference, in the vault's domain) and how the route checks the signature: only the session's wallet's key passes.
 */
class PortalSigningTest {

    private static final Credentials CUSTOMER =
            Credentials.create("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    private static final Credentials STRANGER =
            Credentials.create("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
    private static final String VAULT = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

    @Test
    void shouldAskForTheVaultsCancelOfTheSubscriptionsReferenceAndAcceptOnlyTheWalletsSignature() {
        var id = "sub_01jq0000000000000000000000";
        var typed = PortalSigningRoutes.revokeData(31337, VAULT, id, BigInteger.valueOf(1_900_000_000L));
        var json = JsonMapper.builder().build().readTree(typed.json());

        assertThat(json.path("primaryType").asString()).isEqualTo("CancelSubscription");
        assertThat(json.at("/domain/name").asString()).isEqualTo("SubscriptionVault");
        assertThat(json.at("/domain/chainId").asString()).isEqualTo("31337");
        assertThat(json.at("/domain/verifyingContract").asString()).isEqualToIgnoringCase(VAULT);
        assertThat(json.at("/message/ref").asString()).isEqualTo(SubscriptionRef.of(id));
        assertThat(json.at("/message/deadline").asString()).isEqualTo("1900000000");

        var wallet = CUSTOMER.getAddress().toLowerCase();
        PortalSigningRoutes.checkSigned(typed, sign(typed.digest(), CUSTOMER), wallet);
        assertThatThrownBy(() -> PortalSigningRoutes.checkSigned(typed, sign(typed.digest(), STRANGER), wallet))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        refused -> assertThat(refused.code()).isEqualTo("signature_invalid"));
        var other = PortalSigningRoutes.revokeData(
                31337, VAULT, "sub_01jq0000000000000000000001", BigInteger.valueOf(1_900_000_000L));
        assertThatThrownBy(() -> PortalSigningRoutes.checkSigned(other, sign(typed.digest(), CUSTOMER), wallet))
                .as("a signature of another subscription's cancel")
                .isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> PortalSigningRoutes.checkSigned(typed, "0x" + "00".repeat(65), wallet))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        refused -> assertThat(refused.code()).isEqualTo("signature_invalid"));
    }

    private static String sign(String digest, Credentials key) {
        return Signatures.sign(
                digest,
                org.web3j.utils.Numeric.toHexStringWithPrefixZeroPadded(
                        key.getEcKeyPair().getPrivateKey(), 64));
    }
}
