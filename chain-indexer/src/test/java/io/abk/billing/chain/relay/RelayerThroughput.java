package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.localchain.AnvilOptions;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Executed;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

/**
 * Measures charges per second through the relayer on anvil: N subscriptions, each of a wallet of its own (so every
 * charge reads and writes its own balance and allowance, as on a real chain), then N charge requests written at once,
 * timed from the first write to the last result read, after one charge alone (the group join). It reports the gas
 * per charge (the shares of the relayer's transactions) and how many charges each transaction carried. A benchmark
 * to run by hand, not a test:
 * {@code java -cp <test classpath> io.abk.billing.chain.relay.RelayerThroughput [N] [block seconds, 0: automine]
 * [block gas limit]}.
 */
public final class RelayerThroughput {

    private RelayerThroughput() {}

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        // 0: automine, one block per transaction; else a block every this many seconds, as a real chain makes them.
        int blockSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        long blockGas = args.length > 2 ? Long.parseLong(args[2]) : 30_000_000L;
        var dir = Files.createTempDirectory("relayer-throughput");
        try (var chain = new RelayerHarness(
                dir, AnvilOptions.defaults().withBlockGasLimit(blockGas).withoutHistory())) {
            long setUp = System.nanoTime();
            // anvil sends as any account, unsigned: the set-up's transactions go one call each.
            chain.node.rpc("anvil_autoImpersonateAccount", true);
            // A block for each of tens of thousands of set-up transactions would take anvil many minutes: they go in
            // blocks of many.
            chain.node.setAutomine(false);
            var requests = new ArrayList<ChainRequest>();
            var last = "";
            for (int i = 0; i <= count; i++) {
                var customer = wallet(chain, i);
                var subscription = "sub_bench_" + i;
                last = send(
                        chain,
                        customer,
                        chain.vault(),
                        SubscriptionVaultAbi.subscribe(
                                SubscriptionRef.of(subscription),
                                chain.merchant.getAddress(),
                                chain.token(),
                                BigInteger.valueOf(RelayerHarness.TEN_USDC),
                                1,
                                chain.node.latestBlockTimestamp()));
                requests.add(RelayerHarness.charge(
                        subscription,
                        "inv_bench_" + i,
                        RelayerHarness.TEN_USDC,
                        RelayerHarness.now(),
                        customer,
                        chain.merchant.getAddress()));
                if (i % 500 == 499) {
                    chain.node.mine(1);
                }
            }
            chain.node.rpc("anvil_autoImpersonateAccount", false);
            // anvil answers a send before it mines it, and may leave some in its pool: blocks until it is empty.
            var lastSent = last;
            org.awaitility.Awaitility.await()
                    .atMost(Duration.ofMinutes(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        chain.node.mine(1);
                        var status = (Map<?, ?>) chain.node.rpc("txpool_status");
                        var pending = Numeric.decodeQuantity((String) status.get("pending"));
                        return pending.signum() == 0 && chain.node.rpc("eth_getTransactionReceipt", lastSent) != null;
                    });
            System.out.printf(
                    "set-up: %d wallets and subscriptions in %d s%n",
                    count + 1, (System.nanoTime() - setUp) / 1_000_000_000);
            if (blockSeconds > 0) {
                chain.intervalMining(blockSeconds);
            }
            // The relayer's receipt timeout of a real chain: a saturated chain's blocks take their time.
            var settings = RelayerHarness.withReceiptTimeout(chain.chain(), ChainSettings.DEFAULT_RECEIPT_TIMEOUT);
            try (var relayer = chain.startRelayer(settings)) {
                // The first charge alone: the consumer's group join and the first connections are not throughput.
                long joining = System.nanoTime();
                var first = requests.removeFirst();
                chain.sendAll(List.of(first));
                chain.result(first.getRequestId());
                System.out.printf(
                        "relayer first charge (group join included): %d ms%n",
                        (System.nanoTime() - joining) / 1_000_000);
                long start = System.nanoTime();
                chain.sendAll(requests);
                long gas = 0;
                var transactions = new HashSet<String>();
                for (var request : requests) {
                    if (!(chain.result(request.getRequestId()).getOutcome() instanceof Executed executed)) {
                        throw new IllegalStateException("not executed: " + chain.result(request.getRequestId()));
                    }
                    gas += executed.getGasUsed();
                    transactions.add(executed.getTxHash());
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                var blocks = new java.util.TreeSet<Long>();
                for (var txHash : transactions) {
                    var receipt = (Map<?, ?>) chain.node.rpc("eth_getTransactionReceipt", txHash);
                    blocks.add(Numeric.decodeQuantity((String) receipt.get("blockNumber"))
                            .longValueExact());
                }
                System.out.printf(
                        "relayer throughput (%s, block gas limit %,d): %d charges in %.2f s = %.1f charges/s; "
                                + "%d transactions (%.1f charges each), %,d gas per charge, in %d blocks%n",
                        blockSeconds == 0 ? "automine" : "a block every " + blockSeconds + " s",
                        blockGas,
                        count,
                        seconds,
                        count / seconds,
                        transactions.size(),
                        (double) count / transactions.size(),
                        gas / count,
                        blocks.size());
            }
        }
        // The in-process broker leaves non-daemon threads behind.
        System.exit(0);
    }

    /** Wallet {@code i}'s address: ETH for its transactions, ten USDC, and the vault approved for them. */
    private static String wallet(RelayerHarness chain, int i) {
        var wallet = Credentials.create(Numeric.toHexString(
                        Hash.sha3(("relayer throughput wallet " + i).getBytes(StandardCharsets.UTF_8))))
                .getAddress();
        chain.node.setEthBalance(wallet, BigInteger.TEN.pow(17));
        send(
                chain,
                chain.deployer.getAddress(),
                chain.token(),
                Erc20Abi.mint(wallet, BigInteger.valueOf(RelayerHarness.TEN_USDC)));
        send(
                chain,
                wallet,
                chain.token(),
                Erc20Abi.approve(chain.vault(), BigInteger.valueOf(RelayerHarness.TEN_USDC)));
        return wallet;
    }

    /**
     * An unsigned transaction from {@code from}, mined with the set-up's others. Its receipt is not awaited: one that failed leaves a
     * charge the relayer cannot make, and the run then stops naming it.
     */
    private static String send(RelayerHarness chain, String from, String to, String data) {
        return (String)
                chain.node.rpc("eth_sendTransaction", Map.of("from", from, "to", to, "data", data, "gas", "0x30d40"));
    }
}
