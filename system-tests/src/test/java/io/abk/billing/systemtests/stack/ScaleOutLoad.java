package io.abk.billing.systemtests.stack;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A mixed merchant and customer workload spread over every live gateway, as an SDK would send it to a deployment that
 * loses a gateway now and then: creates, activations (each charges the first invoice), one-time payments confirmed at
 * checkout and opens of a payment link. A request that gets no final answer (the connection broke, 503 while an
 * outcome is late, 409 while the first attempt is still in flight) is sent again with the same
 * {@code Idempotency-Key}, to the next gateway, until it gets one; link opens take no key, so a broken one is recorded
 * as unknown instead of being repeated.
 */
final class ScaleOutLoad implements AutoCloseable {

    /** One request's final answer; {@code status} 0 when it never got one. */
    record Outcome(
            String operation,
            int number,
            int status,
            @Nullable JsonNode body,
            Instant startedAt,
            Instant answeredAt) {

        boolean succeeded() {
            return status >= 200 && status < 300;
        }
    }

    private final LiveGateways gateways;
    private final String key;
    private final String linkId;
    private final String run;
    private final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
    private final AtomicInteger sequence = new AtomicInteger();
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean running = true;

    ScaleOutLoad(Supplier<List<String>> gateways, String key, String linkId, String run) {
        this.gateways = new LiveGateways(gateways);
        this.key = key;
        this.linkId = linkId;
        this.run = run;
    }

    /** A new payment link of the merchant of {@code key}, whose checkout the load opens now and then. */
    static String newPaymentLink(Api api, String key) {
        return api.post("/v1/payment-links")
                .key(key)
                .json(Map.of("amountUsdc", 1))
                .send()
                .expect(201)
                .json()
                .at("/paymentLink/id")
                .asString();
    }

    void start(int concurrency) {
        for (int i = 0; i < concurrency; i++) {
            workers.add(Thread.ofPlatform().name("scale-out-load-" + i).start(this::work));
        }
    }

    /** Operations that got a final answer so far. */
    int answered() {
        return (int) outcomes.stream().filter(outcome -> outcome.status() != 0).count();
    }

    List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    /** The merchant reference of the subscription of operation {@code number} (unique in the run). */
    String merchantRef(int number) {
        return run + "-" + number;
    }

    private void work() {
        while (running) {
            int n = sequence.incrementAndGet();
            var created = send(
                    "create",
                    n,
                    "POST",
                    "/v1/subscriptions",
                    Map.of(
                            "merchantRef",
                            merchantRef(n),
                            "customerWallet",
                            Subscriptions.WALLET,
                            "amountUsdc",
                            new BigDecimal("7.5"),
                            "interval",
                            "month"),
                    true);
            if (created.succeeded() && created.body() != null) {
                var id = created.body().at("/subscription/id").asString();
                send("activate", n, "POST", "/v1/subscriptions/" + id + "/activate", Map.of(), true);
            }
            if (n % 3 == 0) {
                var payment = send(
                        "payment",
                        n,
                        "POST",
                        "/v1/payments",
                        Map.of(
                                "merchantRef",
                                "pay-" + merchantRef(n),
                                "customerWallet",
                                Subscriptions.WALLET,
                                "amountUsdc",
                                new BigDecimal("5")),
                        true);
                if (payment.succeeded() && payment.body() != null) {
                    // Confirming an already paid payment answers it again (alreadyPaid), so a repeat is harmless.
                    send(
                            "confirm",
                            n,
                            "POST",
                            "/checkout/pay/" + payment.body().at("/payment/id").asString() + "/confirm",
                            Map.of(),
                            true);
                }
            }
            if (n % 4 == 0) {
                send("open", n, "POST", "/checkout/link/" + linkId + "/open", Map.of(), false);
            }
        }
    }

    private Outcome send(
            String operation, int number, String method, String path, Map<String, Object> body, boolean repeatable) {
        var startedAt = Instant.now();
        var reply = gateways.send(
                number,
                gateway -> {
                    var call = new Call(gateway, method, path).json(body);
                    if (path.startsWith("/v1/")) {
                        call.key(key).idempotencyKey(run + "-" + operation + "-" + number);
                    }
                    return call;
                },
                answer -> answer.status() == 503
                        || (answer.status() == 409 && "idempotency_in_progress".equals(answer.code())),
                repeatable);
        return record(new Outcome(
                operation,
                number,
                reply.map(Reply::status).orElse(0),
                reply.map(Reply::json).orElse(null),
                startedAt,
                Instant.now()));
    }

    private Outcome record(Outcome outcome) {
        outcomes.add(outcome);
        return outcome;
    }

    /** Stops starting operations and waits for those in flight to get their answers. */
    @Override
    public void close() {
        running = false;
        for (var worker : workers) {
            try {
                worker.join(LiveGateways.GIVE_UP_AFTER.plusSeconds(60).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
