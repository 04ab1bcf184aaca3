package io.abk.billing.bench.workload;

import java.nio.charset.StandardCharsets;

/**
 * The request body every workload carries, so the system and the baselines move the same bytes: an ad hoc
 * monthly subscription of 9.99 USDC with a distinct merchant reference and wallet per operation.
 */
public final class Payloads {

    private Payloads() {}

    public static byte[] createSubscription(long sequence) {
        var wallet = String.format("0x%040x", sequence + 1);
        var json = """
                {"merchantRef":"bench-%d","customerWallet":"%s","amountUsdc":9.99,"interval":"month",\
                "metadata":{"source":"bench","sequence":"%d"}}""".formatted(sequence, wallet, sequence);
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
