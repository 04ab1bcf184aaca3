package io.abk.billing.bench.webhook;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Topics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Delivered webhook events per second to one local receiver: registers a test-mode endpoint for the key's
 * merchant, produces {@code count} {@code subscription.created} events straight onto {@code billing.events}
 * (the sender's input; the API and the processors are not part of this figure), and times from the first
 * produce until the receiver holds every event id. The receiver answers at once, so this is the sender's own
 * rate: fan-out, the delivery log in PostgreSQL, signing and the HTTP round trip.
 */
public final class WebhookThroughput {

    /** The figures of one run. */
    public record Result(int events, Duration elapsed, long requests, boolean complete) {

        public double perSecond() {
            return events / Math.max(elapsed.toNanos() / 1e9, 1e-9);
        }

        public String line() {
            return String.format(Locale.ROOT, "webhook delivery: %d events to one local endpoint in %.1f s = %.0f delivered events/s"
                    + " (%d requests, %s)", events, elapsed.toNanos() / 1e9, perSecond(), requests,
                    complete ? "all delivered" : "NOT all delivered before the deadline");
        }
    }

    private WebhookThroughput() {
    }

    public static Result run(String baseUrl, String testKey, String bootstrap, String jdbcUrl, String dbUser, String dbPassword,
            int count, Duration deadline) throws IOException, InterruptedException, SQLException {
        try (var receiver = new CountingReceiver()) {
            var endpointId = register(baseUrl, testKey, receiver.url());
            var merchantId = merchantOf(endpointId, jdbcUrl, dbUser, dbPassword);
            var started = System.nanoTime();
            produce(bootstrap, merchantId, count);
            var until = started + deadline.toNanos();
            while (receiver.distinctEvents() < count && System.nanoTime() < until) {
                Thread.sleep(50); // polling a counter for the report, not synchronising a test
            }
            var complete = receiver.distinctEvents() >= count;
            var end = complete ? receiver.lastDistinctAtNanos() : System.nanoTime();
            var result = new Result(receiver.distinctEvents(), Duration.ofNanos(end - started), receiver.requests(), complete);
            // Once this receiver is gone the endpoint would only fail; a later run must not pay for its retries.
            delete(baseUrl, testKey, endpointId);
            return result;
        }
    }

    private static String register(String baseUrl, String testKey, String url) throws IOException, InterruptedException {
        try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            var request = HttpRequest.newBuilder(URI.create(baseUrl + "/v1/webhook_endpoints"))
                    .header("authorization", "Bearer " + testKey).header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"url\":\"" + url + "\",\"enabledEvents\":[\"subscription.created\"]}"))
                    .build();
            var response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("registering the bench endpoint answered " + response.statusCode() + ": " + response.body());
            }
            var body = response.body();
            var at = body.indexOf("\"id\":\"we_");
            return body.substring(at + 6, body.indexOf('"', at + 6));
        }
    }

    private static void delete(String baseUrl, String testKey, String endpointId) throws IOException, InterruptedException {
        try (var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            var request = HttpRequest.newBuilder(URI.create(baseUrl + "/v1/webhook_endpoints/" + endpointId))
                    .header("authorization", "Bearer " + testKey).DELETE().build();
            var response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                System.err.println("bench: deleting the bench endpoint answered " + response.statusCode() + ": " + response.body());
            }
        }
    }

    private static String merchantOf(String endpointId, String jdbcUrl, String user, String password) throws SQLException {
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

    private static void produce(String bootstrap, String merchantId, int count) {
        var props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        try (var producer = new KafkaProducer<>(props, Topics.EVENTS.keySerde().serializer(), Topics.EVENTS.valueSerde().serializer())) {
            var now = Instant.now();
            for (int i = 0; i < count; i++) {
                var subscriptionId = Ids.newId(IdPrefix.SUBSCRIPTION, now);
                producer.send(new ProducerRecord<>(Topics.EVENTS.name(), subscriptionId, event(merchantId, subscriptionId, now, i)));
            }
            producer.flush();
        }
    }

    private static BillingEvent event(String merchantId, String subscriptionId, Instant now, int sequence) {
        var snapshot = SubscriptionSnapshot.newBuilder()
                .setId(subscriptionId).setMerchantId(merchantId).setMode(Mode.TEST).setVersion(1).setStatus("incomplete")
                .setAmountMicros(9_990_000L).setInterval("month")
                .setWalletAddress("0x2222222222222222222222222222222222222222")
                .setPayoutAddress("0x1111111111111111111111111111111111111111")
                .setMerchantRef("bench-" + sequence).setMetadata(Map.of())
                .setCurrentPeriodStart(now).setCurrentPeriodEnd(now.plus(Duration.ofDays(30))).setBillingCycleAnchor(now)
                .setCancelAtPeriodEnd(false).setMandateStatus("pending").setCreatedAt(now)
                .build();
        return BillingEvent.newBuilder()
                .setEventId(Ids.newId(IdPrefix.EVENT, now)).setType("subscription.created").setCreatedAt(now)
                .setMerchantId(merchantId).setMode(Mode.TEST).setAggregateId(subscriptionId)
                .setData(EventData.newBuilder().setSubscription(snapshot).build())
                .build();
    }
}
