package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.ContractArtifacts;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.RefundId;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localchain.LocalChainDeployment;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.schemas.mode.Mode;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/** One anvil with the test token and vault deployed, funded parties, and the calls the follower tests make. */
final class FollowedChain implements AutoCloseable {

    static final BigInteger FUNDS = BigInteger.valueOf(1_000_000_000L);

    final AnvilNode node = AnvilNode.start();
    final LocalChainTransactions tx;
    final LocalChainDeployment deployment;
    final Credentials relayer = AnvilAccounts.get(1);
    final Credentials customer = AnvilAccounts.get(2);
    final Credentials merchant = AnvilAccounts.get(3);
    final Credentials stranger = AnvilAccounts.get(4);

    FollowedChain() {
        var deployer = new LocalChainDeployer(node);
        tx = deployer.transactions();
        deployment = deployer.deploy(AnvilAccounts.get(0), relayer.getAddress());
        deployer.mint(
                AnvilAccounts.get(0),
                token(),
                List.of(customer.getAddress(), merchant.getAddress(), stranger.getAddress()),
                FUNDS);
        deployer.approveVault(deployment, List.of(customer, merchant), Erc20Abi.UNLIMITED);
    }

    String token() {
        return deployment.tokenAddress();
    }

    String vault() {
        return deployment.vaultAddress();
    }

    /** Settings for this chain under a test's own chain id (so tests sharing a broker keep apart). */
    FollowerSettings settings(long chainId, int confirmations, List<String> rpcUrls) {
        return new FollowerSettings(
                chainId,
                Mode.TEST,
                rpcUrls,
                confirmations,
                List.of(new FollowedToken("USDC", token(), 6)),
                vault(),
                0,
                Duration.ofMillis(50),
                8,
                1_000,
                64,
                null);
    }

    FollowerSettings settings(long chainId, int confirmations) {
        return settings(chainId, confirmations, List.of(node.rpcUrl()));
    }

    TransactionReceipt transfer(Credentials from, String to, long amount) {
        return transfer(token(), from, to, amount);
    }

    TransactionReceipt transfer(String token, Credentials from, String to, long amount) {
        return tx.send(from, token, Erc20Abi.transfer(to, BigInteger.valueOf(amount)));
    }

    /** A second 6-decimal token standing for USDT (the same compiled test token), the customer funded with it. */
    String deployUsdt() {
        var usdt = tx.deploy(AnvilAccounts.get(0), ContractArtifacts.testUsdcCreationCode())
                .toLowerCase(Locale.ROOT);
        tx.send(AnvilAccounts.get(0), usdt, Erc20Abi.mint(customer.getAddress(), FUNDS));
        return usdt;
    }

    /** A vault subscription of the customer paying {@code payee} {@code amount} a month from now; returns its ref. */
    String subscribe(String payee, BigInteger amount) {
        var ref = SubscriptionRef.of("sub_" + UUID.randomUUID());
        tx.send(
                customer,
                vault(),
                SubscriptionVaultAbi.subscribe(ref, payee, token(), amount, 1, node.latestBlockTimestamp()));
        return ref;
    }

    /**
     * Hands a transaction to anvil from one of its own accounts ({@code eth_sendTransaction}) without waiting for it:
     * with automine off it waits in the pool for the next mined block. Returns its hash.
     */
    String sendUnmined(Credentials from, String to, String data) {
        var transaction = new java.util.LinkedHashMap<String, String>();
        transaction.put("from", from.getAddress());
        transaction.put("to", to);
        transaction.put("data", data);
        // Generous, so that neither call needs an estimate against a state the other has not changed yet.
        transaction.put("gas", "0x493e0");
        return String.valueOf(node.rpc("eth_sendTransaction", transaction)).toLowerCase(Locale.ROOT);
    }

    /** Subscribes, charges period 0, refunds part of it and cancels: one of each vault event. */
    void vaultLifecycle() {
        var ref = SubscriptionRef.of("sub_" + UUID.randomUUID());
        var amount = BigInteger.valueOf(10_000_000);
        tx.send(
                customer,
                vault(),
                SubscriptionVaultAbi.subscribe(
                        ref, merchant.getAddress(), token(), amount, 1, node.latestBlockTimestamp()));
        tx.send(relayer, vault(), SubscriptionVaultAbi.charge(ref, amount, ChargeId.of("inv_" + UUID.randomUUID())));
        tx.send(
                merchant,
                vault(),
                SubscriptionVaultAbi.refund(
                        ref, BigInteger.valueOf(1_000_000), RefundId.of("re_" + UUID.randomUUID())));
        tx.send(customer, vault(), SubscriptionVaultAbi.cancel(ref));
    }

    static String address(Credentials credentials) {
        return credentials.getAddress().toLowerCase(Locale.ROOT);
    }

    @Override
    public void close() {
        node.close();
    }
}
