package io.abk.billing.bench.seed;

import io.abk.billing.bench.api.BenchMerchant;
import io.abk.billing.bench.events.EventTail;
import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Makes {@code count} active monthly test-mode subscriptions of one merchant (or only creates them,
 * {@link #produceCreates}), each with its first invoice paid, in
 * a fraction of the time the API would take: for each, a {@code CreateSubscription} and an
 * {@code ActivateSubscription} envelope (filled as the gateway fills them) are produced onto
 * {@code billing.subscription-commands}, keyed by the subscription id so the two stay in order. billing-streams
 * applies them like any other commands; in test mode without a chain the sandbox settles the first charge as a
 * success. Both are stamped with {@code requestedAt}, the merchant's frozen test clock, so every first period runs
 * from that instant for one calendar month. Done once every first invoice's {@code invoice.paid} was published.
 */
public final class SubscriptionSeeder {

    /** What was made: the subscriptions' ids, and how long producing and applying them took. */
    public record Seeded(Set<String> subscriptionIds, Duration took) {

        public double perSecond() {
            return subscriptionIds.size() / Math.max(took.toNanos() / 1e9, 1e-9);
        }
    }

    /** 1 USDC a month: the amount does not change the path a renewal takes. */
    private static final long AMOUNT_MICROS = 1_000_000L;

    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    private SubscriptionSeeder() {}

    public static Seeded seed(
            String bootstrap, BenchMerchant merchant, Instant requestedAt, int count, Duration deadline) {
        return seed(bootstrap, merchant, requestedAt, count, deadline, UnaryOperator.identity());
    }

    /**
     * As {@link #seed(String, BenchMerchant, Instant, int, Duration)}, each create first given its {@code shape} (the
     * items of a metered subscription, say); the wallet of the i-th is {@link #walletOf(int) walletOf(i)}.
     */
    public static Seeded seed(
            String bootstrap,
            BenchMerchant merchant,
            Instant requestedAt,
            int count,
            Duration deadline,
            UnaryOperator<CreateSubscription.Builder> shape) {
        var started = System.nanoTime();
        var pending = new HashSet<String>(count * 2);
        try (var tail = EventTail.fromNow(bootstrap)) {
            produce(bootstrap, merchant, requestedAt, count, true, shape, pending);
            var ids = Set.copyOf(pending);
            System.out.printf(
                    Locale.ROOT,
                    "bench: %d subscriptions' commands produced in %.1f s; awaiting their first invoices paid ...%n",
                    count,
                    (System.nanoTime() - started) / 1e9);
            long until = started + deadline.toNanos();
            long nextProgress = System.nanoTime() + PROGRESS_EVERY_NANOS;
            while (!pending.isEmpty()) {
                if (System.nanoTime() > until) {
                    throw new IllegalStateException(String.format(
                            Locale.ROOT,
                            "set-up: %d of %d subscriptions active after %d s",
                            count - pending.size(),
                            count,
                            deadline.toSeconds()));
                }
                tail.poll(Duration.ofMillis(200), (event, received) -> {
                    if (isFirstInvoicePaid(event, merchant.id())) {
                        pending.remove(event.getAggregateId());
                    }
                });
                if (System.nanoTime() > nextProgress) {
                    System.out.printf("bench: set-up: %d of %d subscriptions active%n", count - pending.size(), count);
                    nextProgress += PROGRESS_EVERY_NANOS;
                }
            }
            return new Seeded(ids, Duration.ofNanos(System.nanoTime() - started));
        }
    }

    /**
     * Produces {@code count} creates of incomplete subscriptions (no activation) and returns once the broker has them,
     * without waiting for billing-streams: a burst of commands far faster than the API takes them.
     *
     * @return the subscriptions' ids
     */
    public static Set<String> produceCreates(String bootstrap, BenchMerchant merchant, Instant requestedAt, int count) {
        var ids = new HashSet<String>(count * 2);
        produce(bootstrap, merchant, requestedAt, count, false, UnaryOperator.identity(), ids);
        return Set.copyOf(ids);
    }

    /** The customer wallet of the i-th subscription seeded (from 0): distinct for each, the same in every run. */
    public static String walletOf(int i) {
        return String.format("0x%040x", i + 1);
    }

    private static boolean isFirstInvoicePaid(BillingEvent event, String merchantId) {
        return event.getType().equals("invoice.paid")
                && event.getMerchantId().equals(merchantId)
                && event.getData().getInvoice() != null
                && event.getData().getInvoice().getBillingReason().equals("subscription_create");
    }

    private static void produce(
            String bootstrap,
            BenchMerchant merchant,
            Instant requestedAt,
            int count,
            boolean activate,
            UnaryOperator<CreateSubscription.Builder> shape,
            Set<String> ids) {
        var props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        try (var producer = new KafkaProducer<>(
                props, topic.keySerde().serializer(), topic.valueSerde().serializer())) {
            for (int i = 0; i < count; i++) {
                var now = Instant.now();
                var subscriptionId = Ids.newId(IdPrefix.SUBSCRIPTION, now);
                ids.add(subscriptionId);
                var create = shape.apply(CreateSubscription.newBuilder()
                                .setInvoiceId(Ids.newId(IdPrefix.INVOICE, now))
                                .setAmountMicros(AMOUNT_MICROS)
                                .setInterval("month")
                                .setWalletAddress(walletOf(i))
                                .setPayoutAddress(merchant.payoutAddress())
                                .setMerchantRef("bench-seed-" + i)
                                .setMetadata(Map.of("source", "bench")))
                        .build();
                producer.send(new ProducerRecord<>(
                        topic.name(Deployment.DEFAULT),
                        subscriptionId,
                        envelope(merchant, subscriptionId, requestedAt, now, create)));
                if (activate) {
                    var activation = ActivateSubscription.newBuilder()
                            .setOnChainSubscriptionId(null)
                            .build();
                    producer.send(new ProducerRecord<>(
                            topic.name(Deployment.DEFAULT),
                            subscriptionId,
                            envelope(merchant, subscriptionId, requestedAt, now, activation)));
                }
            }
            producer.flush();
        }
    }

    /** The envelope of a subscription command that no HTTP request caused, as a service sends one. */
    private static SubscriptionCommand envelope(
            BenchMerchant merchant, String subscriptionId, Instant requestedAt, Instant now, Object payload) {
        return AggregateEnvelope.SUBSCRIPTION.command(
                Ids.newId(IdPrefix.COMMAND, now), subscriptionId, merchant.id(), Mode.TEST, requestedAt, null, payload);
    }
}
