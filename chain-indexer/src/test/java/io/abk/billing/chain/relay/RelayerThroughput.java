package io.abk.billing.chain.relay;

import java.nio.file.Files;
import java.util.ArrayList;

/**
 * Measures charges per second through the relayer on anvil (automine): N subscriptions, then N charge requests
 * written at once, timed from the first write to the last result read. A benchmark to run by hand, not a test:
 * {@code java -cp <test classpath> io.abk.billing.chain.relay.RelayerThroughput [N]}.
 */
public final class RelayerThroughput {

    private RelayerThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        var dir = Files.createTempDirectory("relayer-throughput");
        try (var chain = new RelayerHarness(dir)) {
            chain.mint(chain.customer.getAddress(), RelayerHarness.TEN_USDC * count);
            var requests = new ArrayList<io.abk.billing.schemas.avro.ChainRequest>();
            for (int i = 0; i < count; i++) {
                var subscription = chain.subscribe(chain.customer, RelayerHarness.TEN_USDC);
                requests.add(RelayerHarness.charge(subscription, "inv_bench_" + i, RelayerHarness.TEN_USDC,
                        RelayerHarness.now(), chain.customer.getAddress(), chain.merchant.getAddress()));
            }
            try (var relayer = chain.startRelayer(chain.chain())) {
                long start = System.nanoTime();
                chain.sendAll(requests);
                for (var request : requests) {
                    if (!(chain.result(request.getRequestId()).getOutcome()
                            instanceof io.abk.billing.schemas.avro.Executed)) {
                        throw new IllegalStateException("not executed: " + chain.result(request.getRequestId()));
                    }
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf("relayer throughput: %d charges in %.2f s = %.1f charges/s%n", count, seconds,
                        count / seconds);
            }
        }
        // The in-process broker leaves non-daemon threads behind.
        System.exit(0);
    }
}
