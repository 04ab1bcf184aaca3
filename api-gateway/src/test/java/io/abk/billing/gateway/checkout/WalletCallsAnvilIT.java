package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.config.ChainsProperties.Chain;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.AnvilOptions;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localchain.LocalChainDeployment;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checkout JSON's wallet calls sent as they are, from a customer's account, to the real vault and test token
 * on anvil: the vault then holds the subscription with the amount, merchant, token, period and first charge time
 * of the terms, the allowance is twelve periods, and the relayer can charge the first period; a payment's transfer
 * moves its amount to the payout address. This proves the calldata against the contracts, not only against our
 * own encoder.
 */
class WalletCallsAnvilIT {

    /** Chain time starts after the anchor below, so the first period has started and can be charged. */
    static final Instant GENESIS = Instant.parse("2026-06-01T00:00:00Z");

    static final Instant ANCHOR = Instant.parse("2026-05-31T10:00:00.789Z");
    static final JsonMapper JSON = JsonMapper.builder().build();

    static AnvilNode node;
    static LocalChainTransactions tx;
    static LocalChainDeployment deployment;
    static ChainsProperties chains;
    static final Credentials RELAYER = AnvilAccounts.get(1);
    static final Credentials CUSTOMER = AnvilAccounts.get(2);
    static final Credentials MERCHANT = AnvilAccounts.get(3);

    @BeforeAll
    static void deploy() {
        node = AnvilNode.start(AnvilOptions.defaults().withGenesisTimestamp(GENESIS));
        var deployer = new LocalChainDeployer(node);
        tx = deployer.transactions();
        deployment = deployer.deploy(AnvilAccounts.get(0), RELAYER.getAddress());
        deployer.mint(
                AnvilAccounts.get(0),
                deployment.tokenAddress(),
                List.of(CUSTOMER.getAddress()),
                BigInteger.valueOf(1_000_000_000L));
        chains = new ChainsProperties(
                new Chain(
                        "Local",
                        node.chainId(),
                        deployment.tokenAddress(),
                        deployment.vaultAddress(),
                        node.rpcUrl(),
                        null,
                        List.of(node.rpcUrl()),
                        null,
                        1),
                null);
    }

    @AfterAll
    static void stop() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void shouldHoldTheSubscriptionOfTheTermsWhenTheCustomerSendsTheSessionsWalletCalls() {
        var id = "sub_01jcrgx3b2m0x9k8d7f6e5a4s3";
        var session = asJson(CheckoutSession.of(subscription(id, "9.99"), null, Mode.TEST, "Acme Shop", chains));

        sendAll(session.get("walletCalls"));

        var ref = session.get("onChainSubscriptionId").stringValue();
        assertThat(ref).isEqualTo(SubscriptionRef.of(id));
        var held = SubscriptionVaultAbi.decodeSubscription(
                tx.call(deployment.vaultAddress(), SubscriptionVaultAbi.getSubscription(ref)));
        assertThat(held.customer()).isEqualToIgnoringCase(CUSTOMER.getAddress());
        assertThat(held.merchant()).isEqualToIgnoringCase(MERCHANT.getAddress());
        assertThat(held.token()).isEqualToIgnoringCase(deployment.tokenAddress());
        assertThat(held.amount()).isEqualTo(BigInteger.valueOf(9_990_000L));
        assertThat(held.periodMonths()).isEqualTo(1);
        assertThat(held.firstChargeAt()).isEqualTo(Instant.parse("2026-05-31T10:00:00Z"));
        assertThat(allowance()).isEqualTo(BigInteger.valueOf(119_880_000L));
        tx.send(
                RELAYER,
                deployment.vaultAddress(),
                SubscriptionVaultAbi.charge(ref, held.amount(), ChargeId.of("inv_first")));
        assertThat(balanceOf(MERCHANT.getAddress()))
                .as("the first period charged through the approved allowance")
                .isEqualTo(BigInteger.valueOf(9_990_000L));
        assertThat(allowance()).isEqualTo(BigInteger.valueOf(119_880_000L - 9_990_000L));
    }

    @Test
    void shouldMoveThePaymentsAmountToThePayoutAddressWhenTheCustomerSendsTheTransfer() {
        var payout = AnvilAccounts.get(4).getAddress();
        var before = balanceOf(payout);
        var status = asJson(PayStatus.of(payment(payout, "12.34"), Mode.TEST, "Acme Shop", chains));

        sendAll(status.get("walletCalls"));

        assertThat(balanceOf(payout).subtract(before)).isEqualTo(BigInteger.valueOf(12_340_000L));
    }

    private static void sendAll(JsonNode calls) {
        assertThat(calls.isEmpty()).isFalse();
        for (var call : calls) {
            assertThat(call.get("value").stringValue()).isEqualTo("0x0");
            tx.send(CUSTOMER, call.get("to").stringValue(), call.get("data").stringValue());
        }
    }

    private static BigInteger allowance() {
        return Erc20Abi.decodeUint256(tx.call(
                deployment.tokenAddress(), Erc20Abi.allowance(CUSTOMER.getAddress(), deployment.vaultAddress())));
    }

    private static BigInteger balanceOf(String owner) {
        return Erc20Abi.decodeUint256(tx.call(deployment.tokenAddress(), Erc20Abi.balanceOf(owner)));
    }

    /** The answer as a client reads it: written as JSON text and parsed back. */
    private static JsonNode asJson(Map<String, @Nullable Object> answer) {
        return JSON.readTree(JSON.writeValueAsString(answer));
    }

    private static JsonNode subscription(String id, String amountUsdc) {
        return ResourceJson.parse("""
                {"id":"%s","status":"incomplete","amountUsdc":%s,"interval":"month","walletAddress":"%s","payoutAddressEvm":"%s",
                 "billingCycleAnchor":"%s","mandateStatus":"pending","cancelAtPeriodEnd":false,"successUrl":null,"cancelUrl":null}""".formatted(id, amountUsdc, CUSTOMER.getAddress(), MERCHANT.getAddress(), ANCHOR));
    }

    private static JsonNode payment(String payout, String amountUsdc) {
        return ResourceJson.parse("""
                {"id":"pay_01jcrgx3b2m0x9k8d7f6e5a4s3","status":"open","amountUsdc":%s,"customerWallet":null,"payoutAddressEvm":"%s",
                 "expiresAt":"2099-01-01T00:00:00Z","paidAt":null,"txHash":null}""".formatted(amountUsdc, payout));
    }
}
