package io.abk.billing.bench.chain;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.localstack.chain.LocalChainInfo;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.http.HttpService;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Confirmation latency through the whole stack on its local chain (a block a second): one payment at a time is
 * created over HTTP and paid by a USDC transfer from a funded customer wallet; the transfer's block B is at the
 * confirmation depth d once block B + d is mined, and the latency is from the moment that block is first seen
 * (the head polled every few milliseconds) to the moment {@code GET /v1/payments/{id}} answers {@code paid}.
 */
public final class ConfirmationLatency {

    private static final Duration HEAD_POLL = Duration.ofMillis(5);
    private static final Duration STATUS_POLL = Duration.ofMillis(10);
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final long ONE_USDC = 1_000_000L;

    /** What the phase measured: latency beyond d blocks, in milliseconds. */
    public record Result(int payments, int depth, double p50Millis, double p99Millis, double maxMillis) {

        public String line() {
            return String.format(
                    Locale.ROOT,
                    "confirmation latency (depth %d, %d payments, from block B+%d mined to"
                            + " paid in the API): p50 %.0f ms, p99 %.0f ms, max %.0f ms",
                    depth,
                    payments,
                    depth,
                    p50Millis,
                    p99Millis,
                    maxMillis);
        }
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private final String baseUrl;
    private final String key;
    private final LocalChainInfo chain;
    /** When each block number was first seen by the head poller (nanoTime). */
    private final Map<Long, Long> firstSeen = new ConcurrentHashMap<>();

    private volatile boolean polling = true;

    private ConfirmationLatency(String baseUrl, String key, LocalChainInfo chain) {
        this.baseUrl = baseUrl;
        this.key = key;
        this.chain = chain;
    }

    public static Result run(String baseUrl, String key, LocalChainInfo chain, int depth, int payments)
            throws Exception {
        return new ConfirmationLatency(baseUrl, key, chain).measure(depth, payments);
    }

    private Result measure(int depth, int payments) throws Exception {
        var web3j = Web3j.build(new HttpService(chain.rpcUrl()));
        var heads = Thread.ofPlatform().daemon().name("bench-chain-head").start(() -> pollHeads(web3j));
        try {
            var tx = new LocalChainTransactions(web3j, chain.chainId());
            var latencies = new Histogram(3);
            for (int i = 0; i < payments; i++) {
                var customer = chain.customers().get(i % chain.customers().size());
                var credentials = Credentials.create(customer.privateKey());
                // Cents apart, so each payment is the one open payment its transfer matches.
                long amount = ONE_USDC + i;
                var id = createPayment("bench-chain-" + System.nanoTime(), customer.address(), amount);
                var receipt = tx.send(
                        credentials,
                        chain.tokenAddress(),
                        Erc20Abi.transfer(chain.payoutAddress(), BigInteger.valueOf(amount)));
                long deep = receipt.getBlockNumber().longValueExact() + depth;
                long paidAt = awaitPaid(id);
                var deepAt = firstSeen.get(deep);
                if (deepAt == null) {
                    throw new IllegalStateException("payment " + id + " paid before block " + deep + " was seen");
                }
                latencies.recordValue(Math.max(0, (paidAt - deepAt) / 1_000_000));
            }
            return new Result(
                    payments,
                    depth,
                    latencies.getValueAtPercentile(50),
                    latencies.getValueAtPercentile(99),
                    latencies.getMaxValue());
        } finally {
            polling = false;
            heads.join();
            web3j.shutdown();
        }
    }

    private void pollHeads(Web3j web3j) {
        while (polling) {
            try {
                long head = web3j.ethBlockNumber().send().getBlockNumber().longValueExact();
                long now = System.nanoTime();
                firstSeen.putIfAbsent(head, now);
                Thread.sleep(HEAD_POLL);
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                // A missed look delays the next one only.
            }
        }
    }

    private String createPayment(String reference, String wallet, long amountMicros) throws Exception {
        var body = json.createObjectNode()
                .put("merchantRef", reference)
                .put("customerWallet", wallet)
                .put("amountUsdc", new java.math.BigDecimal(BigInteger.valueOf(amountMicros), 6));
        var response = http.send(
                HttpRequest.newBuilder(URI.create(baseUrl + "/v1/payments"))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 201) {
            throw new IllegalStateException(
                    "POST /v1/payments answered " + response.statusCode() + ": " + response.body());
        }
        return json.readTree(response.body()).at("/payment/id").asString();
    }

    /** Polls the payment until it is paid; the nanoTime of the first answer saying so. */
    private long awaitPaid(String id) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        var request = HttpRequest.newBuilder(URI.create(baseUrl + "/v1/payments/" + id))
                .header("Authorization", "Bearer " + key)
                .GET()
                .build();
        while (System.nanoTime() < deadline) {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            long at = System.nanoTime();
            if (response.statusCode() == 200 && "paid".equals(status(json.readTree(response.body())))) {
                return at;
            }
            Thread.sleep(STATUS_POLL);
        }
        throw new IllegalStateException("payment " + id + " was not paid within " + PATIENCE);
    }

    private static String status(JsonNode body) {
        var payment = body.has("payment") ? body.get("payment") : body;
        return payment.path("status").asString();
    }
}
