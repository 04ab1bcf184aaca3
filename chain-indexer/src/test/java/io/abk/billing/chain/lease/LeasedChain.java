package io.abk.billing.chain.lease;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainDeployer;
import io.abk.billing.localchain.LocalChainDeployment;
import io.abk.billing.localchain.LocalChainTransactions;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.utils.Numeric;

/**
 * An anvil with the test token and vault deployed, the relayer (anvil account 1) set in the vault, a customer funded
 * who approved the vault, and the calls the lease tests make on it: payments to a payee, subscriptions in the vault;
 * with the settings a chain-indexer replica reads to follow it and relay on it as test mode's chain.
 */
final class LeasedChain implements AutoCloseable {

    static final long TEN_USDC = 10_000_000L;
    static final Credentials RELAYER = AnvilAccounts.get(1);
    static final Credentials CUSTOMER = AnvilAccounts.get(2);
    static final Credentials MERCHANT = AnvilAccounts.get(3);
    /** The payee whose transfers are followed (the tests put it on the watch list). */
    static final String PAYEE = AnvilAccounts.get(4).getAddress().toLowerCase(Locale.ROOT);

    private static final BigInteger FUNDS = BigInteger.valueOf(1_000_000_000L);

    final AnvilNode node;
    final LocalChainTransactions tx;
    final LocalChainDeployment deployment;

    LeasedChain() {
        node = AnvilNode.start();
        var deployer = new LocalChainDeployer(node);
        tx = deployer.transactions();
        deployment = deployer.deploy(AnvilAccounts.get(0), RELAYER.getAddress());
        deployer.mint(AnvilAccounts.get(0), deployment.tokenAddress(), List.of(CUSTOMER.getAddress()), FUNDS);
        deployer.approveVault(deployment, List.of(CUSTOMER), Erc20Abi.UNLIMITED);
    }

    /** A USDC transfer to the watched payee, and a block on top so it is deep enough; its tx hash. */
    String pay(long micros) {
        var hash = tx.send(CUSTOMER, deployment.tokenAddress(), Erc20Abi.transfer(PAYEE, BigInteger.valueOf(micros)))
                .getTransactionHash();
        node.mine(1);
        return hash;
    }

    /** A monthly subscription of ten USDC, its first period begun by the chain's clock; its id. */
    String subscribe() {
        var subscriptionId = "sub_" + UUID.randomUUID();
        tx.send(
                CUSTOMER,
                deployment.vaultAddress(),
                SubscriptionVaultAbi.subscribe(
                        SubscriptionRef.of(subscriptionId),
                        MERCHANT.getAddress(),
                        deployment.tokenAddress(),
                        BigInteger.valueOf(TEN_USDC),
                        1,
                        node.latestBlockTimestamp()));
        node.mine(1);
        return subscriptionId;
    }

    /**
     * {@code count} monthly subscriptions of {@code mandateMicros}, their first periods begun by the chain's clock:
     * sent together and mined in as few blocks as hold them (one by one, with a block each, they take seconds); their
     * ids.
     */
    List<String> subscribeAll(int count, long mandateMicros) throws Exception {
        var web3j = node.web3j();
        var anchor = node.latestBlockTimestamp();
        var ids = new ArrayList<String>();
        var calls = new ArrayList<String>();
        for (int i = 0; i < count; i++) {
            ids.add("sub_" + UUID.randomUUID());
            calls.add(SubscriptionVaultAbi.subscribe(
                    SubscriptionRef.of(ids.getLast()),
                    MERCHANT.getAddress(),
                    deployment.tokenAddress(),
                    BigInteger.valueOf(mandateMicros),
                    1,
                    anchor));
        }
        var vault = deployment.vaultAddress();
        // Each call is shaped alike: half again the first one's estimate covers every one of them.
        var gas = web3j.ethEstimateGas(org.web3j.protocol.core.methods.request.Transaction.createEthCallTransaction(
                        CUSTOMER.getAddress(), vault, calls.getFirst()))
                .send()
                .getAmountUsed()
                .multiply(BigInteger.valueOf(3))
                .divide(BigInteger.TWO);
        var gasPrice = web3j.ethGasPrice().send().getGasPrice().multiply(BigInteger.TWO);
        var first = nonce(CUSTOMER, DefaultBlockParameterName.PENDING);
        node.setAutomine(false);
        try {
            for (int i = 0; i < count; i++) {
                var raw = RawTransaction.createTransaction(
                        first.add(BigInteger.valueOf(i)), gasPrice, gas, vault, BigInteger.ZERO, calls.get(i));
                var sent = web3j.ethSendRawTransaction(
                                Numeric.toHexString(TransactionEncoder.signMessage(raw, node.chainId(), CUSTOMER)))
                        .send();
                if (sent.hasError()) {
                    throw new IllegalStateException(
                            "subscribe refused: " + sent.getError().getMessage());
                }
            }
            var last = first.add(BigInteger.valueOf(count));
            while (nonce(CUSTOMER, DefaultBlockParameterName.LATEST).compareTo(last) < 0) {
                node.mine(1);
            }
        } finally {
            node.setAutomine(true);
        }
        return ids;
    }

    /** The account's transaction count at {@code block} ({@code latest}: mined; {@code pending}: with the pool). */
    BigInteger nonce(Credentials account, DefaultBlockParameterName block) throws Exception {
        return node.web3j()
                .ethGetTransactionCount(account.getAddress(), block)
                .send()
                .getTransactionCount();
    }

    /** The USDC balance of {@code address}, in base units. */
    BigInteger balance(String address) {
        return Erc20Abi.decodeUint256(tx.call(deployment.tokenAddress(), Erc20Abi.balanceOf(address)));
    }

    /**
     * The settings of a replica that follows and relays on this chain as test mode's, as a deployment's environment:
     * its state under {@code stateDir}, its lease session {@code session}.
     */
    Map<String, String> env(TestBroker broker, Path stateDir, Duration session) {
        var env = new HashMap<String, String>();
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", broker.bootstrapServers());
        env.put("BILLING_CHAIN_INDEXER_STATE_DIR", stateDir.toString());
        env.put("BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS", Long.toString(session.toMillis()));
        env.put("BILLING_CHAINS_TEST_NAME", "anvil");
        env.put("BILLING_CHAINS_TEST_CHAIN_ID", Long.toString(node.chainId()));
        env.put("BILLING_CHAINS_TEST_RPC_URL", node.rpcUrl());
        env.put("BILLING_CHAINS_TEST_USDC_ADDRESS", deployment.tokenAddress());
        env.put("BILLING_CHAINS_TEST_VAULT_ADDRESS", deployment.vaultAddress());
        env.put(
                "BILLING_CHAINS_TEST_RELAYER_KEY",
                Numeric.toHexStringNoPrefixZeroPadded(RELAYER.getEcKeyPair().getPrivateKey(), 64));
        // anvil never reorganises by itself: one block on top is deep enough here.
        env.put("BILLING_CHAINS_TEST_CONFIRMATIONS", "1");
        env.put("BILLING_CHAINS_TEST_START_BLOCK", "0");
        env.put("BILLING_CHAINS_TEST_POLL_INTERVAL_MS", "100");
        env.put("BILLING_CHAINS_TEST_RECEIPT_TIMEOUT_MS", "5000");
        // A management port of its own: a replica run as a child process would otherwise take the default one, which
        // the child of a test in the module's other test JVM may hold at the same time.
        env.put("BILLING_MANAGEMENT_PORT", Integer.toString(TestBroker.freePort()));
        return env;
    }

    @Override
    public void close() {
        node.close();
    }
}
