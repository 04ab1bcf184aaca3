package io.abk.billing.chain.relay;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures charges per second through the relayer on anvil (automine): N subscriptions, then N charge requests
 * written at once, timed from the first write to the last result read, after one charge alone (the group join). A benchmark to run by hand, not a test:
 * {@code java -cp <test classpath> io.abk.billing.chain.relay.RelayerThroughput [N] [block seconds, 0: automine]}.
 */
public final class RelayerThroughput {

    private RelayerThroughput() {}

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        // 0: automine, one block per transaction; else a block every this many seconds, as a real chain makes them.
        int blockSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        var dir = Files.createTempDirectory("relayer-throughput");
        try (var chain = new RelayerHarness(dir)) {
            chain.mint(chain.customer.getAddress(), RelayerHarness.TEN_USDC * count);
            var requests = new ArrayList<io.abk.billing.schemas.avro.ChainRequest>();
            for (int i = 0; i <= count; i++) {
                var subscription = chain.subscribe(chain.customer, RelayerHarness.TEN_USDC);
                requests.add(RelayerHarness.charge(
                        subscription,
                        "inv_bench_" + i,
                        RelayerHarness.TEN_USDC,
                        RelayerHarness.now(),
                        chain.customer.getAddress(),
                        chain.merchant.getAddress()));
            }
            if (blockSeconds > 0) {
                chain.node.setAutomine(false);
                chain.node.rpc("evm_setIntervalMining", blockSeconds);
            }
            try (var relayer = chain.startRelayer(chain.chain())) {
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
                for (var request : requests) {
                    if (!(chain.result(request.getRequestId()).getOutcome()
                            instanceof io.abk.billing.schemas.avro.Executed)) {
                        throw new IllegalStateException("not executed: " + chain.result(request.getRequestId()));
                    }
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf(
                        "relayer throughput (%s): %d charges in %.2f s = %.1f charges/s%n",
                        blockSeconds == 0 ? "automine" : "a block every " + blockSeconds + " s",
                        count,
                        seconds,
                        count / seconds);
            }
        }
        // The in-process broker leaves non-daemon threads behind.
        System.exit(0);
    }
}
