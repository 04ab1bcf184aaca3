package io.abk.billing.bench.webhook;

import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.report.Result;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.io.IOException;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Delivered webhooks per second to local receivers: registers {@code endpoints} test-mode endpoints for the key's
 * merchant (paths of one local receiver), produces {@code events} {@code subscription.created} events straight
 * onto {@code billing.events} (the sender's input; the API and the processors are not part of this figure), and
 * times from the first produce until the receiver holds every delivery (each event at each endpoint). The receiver
 * answers at once, so this is the sender's own rate: fan-out, the delivery log in PostgreSQL, signing and the HTTP
 * round trip. Each delivery's latency runs from its event's produce to its first arrival.
 */
public final class WebhookThroughput {

    /** The figures of one run. */
    public record Run(
            int endpoints,
            int events,
            int delivered,
            Duration elapsed,
            long requests,
            boolean complete,
            Histogram latenciesMicros) {

        public int expected() {
            return endpoints * events;
        }

        public double perSecond() {
            return delivered / Math.max(elapsed.toNanos() / 1e9, 1e-9);
        }

        public Result result() {
            var load = endpoints == 1
                    ? events + " events to one endpoint"
                    : events + " events to each of " + endpoints + " endpoints";
            return Result.of(
                    "webhook delivery (billing.events -> sender -> local receiver)",
                    load,
                    latenciesMicros,
                    expected() - delivered,
                    elapsed);
        }

        public String line() {
            return String.format(
                    Locale.ROOT,
                    "webhook delivery: %d deliveries (%d events x %d endpoints) in %.1f s = %.0f deliveries/s"
                            + " (%d requests, %s)",
                    delivered,
                    events,
                    endpoints,
                    elapsed.toNanos() / 1e9,
                    perSecond(),
                    requests,
                    complete ? "all delivered" : "NOT all delivered before the deadline");
        }
    }

    /** How often the receiver's count is looked at: it sets the resolution of nothing measured (arrivals are timed). */
    private static final long CHECK_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private WebhookThroughput() {}

    public static Run run(
            String baseUrl,
            String testKey,
            String jdbcUrl,
            String dbUser,
            String dbPassword,
            String bootstrap,
            int events,
            int endpoints,
            Duration deadline)
            throws IOException, SQLException {
        try (var receiver = new CountingReceiver();
                var api = new StackApi(baseUrl)) {
            var endpointIds = new ArrayList<String>();
            try {
                for (int i = 0; i < endpoints; i++) {
                    endpointIds.add(register(api, testKey, receiver.url(i)));
                }
                var merchantId = merchantOf(endpointIds.getFirst(), jdbcUrl, dbUser, dbPassword);
                var started = System.nanoTime();
                var sentAt = produce(bootstrap, merchantId, events);
                long expected = (long) events * endpoints;
                long until = started + deadline.toNanos();
                while (receiver.distinctDeliveries() < expected && System.nanoTime() < until) {
                    LockSupport.parkNanos(CHECK_EVERY_NANOS);
                }
                var complete = receiver.distinctDeliveries() >= expected;
                var end = complete ? receiver.lastDistinctAtNanos() : System.nanoTime();
                return new Run(
                        endpoints,
                        events,
                        receiver.distinctDeliveries(),
                        Duration.ofNanos(end - started),
                        receiver.requests(),
                        complete,
                        latencies(receiver.firstArrivals(), sentAt));
            } finally {
                // Once this receiver is gone the endpoints would only fail; a later run must not pay for their retries.
                endpointIds.forEach(id -> delete(api, testKey, id));
            }
        }
    }

    private static Histogram latencies(Map<String, Long> firstArrivals, Map<String, Long> sentAt) {
        var histogram = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
        firstArrivals.forEach((delivery, arrived) -> {
            var sent = sentAt.get(delivery.substring(0, delivery.indexOf(' ')));
            if (sent != null) {
                histogram.recordValue(Math.max(1, (arrived - sent) / 1000));
            }
        });
        return histogram;
    }

    private static String register(StackApi api, String testKey, String url) {
        return api.post(
                        "/v1/webhook_endpoints",
                        testKey,
                        Map.of("url", url, "enabledEvents", List.of("subscription.created")))
                .expect(201)
                .path("webhookEndpoint")
                .path("id")
                .asString();
    }

    private static void delete(StackApi api, String testKey, String endpointId) {
        var reply = api.delete("/v1/webhook_endpoints/" + endpointId, testKey);
        if (reply.status() != 200) {
            System.err.println("bench: deleting the bench endpoint answered " + reply.status() + ": " + reply.body());
        }
    }

    private static String merchantOf(String endpointId, String jdbcUrl, String user, String password)
            throws SQLException {
        try (var connection = DriverManager.getConnection(jdbcUrl, user, password);
                var statement = connection.prepareStatement("SELECT merchant_id FROM webhook_endpoints WHERE id = ?")) {
            statement.setString(1, endpointId);
            try (var rows = statement.executeQuery()) {
                if (!rows.next()) {
                    throw new IllegalStateException("endpoint " + endpointId + " is not in " + jdbcUrl);
                }
                return rows.getString(1);
            }
        }
    }

    /** Produces the events; returns when each was handed to the producer, by event id. */
    private static Map<String, Long> produce(String bootstrap, String merchantId, int count) {
        var props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        var sentAt = new HashMap<String, Long>(count * 2);
        try (var producer = new KafkaProducer<>(
                props,
                Topics.EVENTS.keySerde().serializer(),
                Topics.EVENTS.valueSerde().serializer())) {
            var now = Instant.now();
            for (int i = 0; i < count; i++) {
                var subscriptionId = Ids.newId(IdPrefix.SUBSCRIPTION, now);
                var event = event(merchantId, subscriptionId, now, i);
                sentAt.put(event.getEventId(), System.nanoTime());
                producer.send(new ProducerRecord<>(Topics.EVENTS.name(Deployment.DEFAULT), subscriptionId, event));
            }
            producer.flush();
        }
        return sentAt;
    }

    private static BillingEvent event(String merchantId, String subscriptionId, Instant now, int sequence) {
        var snapshot = SubscriptionSnapshot.newBuilder()
                .setId(subscriptionId)
                .setMerchantId(merchantId)
                .setMode(Mode.TEST)
                .setVersion(1)
                .setStatus("incomplete")
                .setAmountMicros(9_990_000L)
                .setInterval("month")
                .setWalletAddress("0x2222222222222222222222222222222222222222")
                .setPayoutAddress("0x1111111111111111111111111111111111111111")
                .setMerchantRef("bench-" + sequence)
                .setMetadata(Map.of())
                .setCurrentPeriodStart(now)
                .setCurrentPeriodEnd(now.plus(Duration.ofDays(30)))
                .setBillingCycleAnchor(now)
                .setCancelAtPeriodEnd(false)
                .setMandateStatus("pending")
                .setCreatedAt(now)
                .build();
        return BillingEvent.newBuilder()
                .setEventId(Ids.newId(IdPrefix.EVENT, now))
                .setType("subscription.created")
                .setCreatedAt(now)
                .setMerchantId(merchantId)
                .setMode(Mode.TEST)
                .setAggregateId(subscriptionId)
                .setData(EventData.newBuilder().setSubscription(snapshot).build())
                .build();
    }
}
