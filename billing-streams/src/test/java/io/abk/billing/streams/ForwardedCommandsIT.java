package io.abk.billing.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.coupon.CouponEnvelopes;
import io.abk.billing.streams.coupon.RedemptionCommandIds;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregates that forward commands to others, against one real broker with the production settings (the app
 * started once for both tests). A payment link's opens mint payments through the payment topic (inside the link
 * processor's exactly-once transaction, read back by the payment processor of another sub-topology), maxUses holds,
 * and a paid minted payment reports back to its link; the chain-indexer's part is played here: it answers the
 * verification request as it would. Many threads redeem one coupon at once, directly and through a promotion code,
 * and exactly maxRedemptions subscriptions are forwarded; the code's redemptions the coupon refused are released.
 */
class ForwardedCommandsIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Instant AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final String LINK = "plink_01jvqz000000000000000000it";
    private static final String COUPON = "coupon_01jvqz00000000000000000it";
    private static final String CODE = CouponEnvelopes.promotionCodeId("LAUNCH");
    private static final int MAX = 5;
    private static final int THREADS = 6;
    private static final int PER_THREAD = 3;

    @TempDir
    static Path dir;

    private static TestBroker broker;
    private static StreamsApp app;

    @BeforeAll
    static void startBrokerAndApp() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), 2, (short) 1).configs(topic.configs()))
                .toList());
        app = BillingStreamsApp.start(
                BillingStreamsSettings.defaults(broker.bootstrapServers(), dir.resolve("streams")));
        await().atMost(PATIENCE).until(app::isRunning);
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void shouldMintMaxUsesPaymentsAndCountTheConversionWhenALinkIsOpenedMoreOftenThanAllowed() throws Exception {
        try (var links = producer(broker, Topics.PAYMENT_LINK_COMMANDS);
                var payments = producer(broker, Topics.PAYMENT_COMMANDS);
                var changes = consumer(broker, Topics.CHANGES);
                var events = consumer(broker, Topics.EVENTS);
                var requests = consumer(broker, Topics.CHAIN_REQUESTS)) {

            // Given a link with 3 uses, when it is opened 6 times
            send(links, Topics.PAYMENT_LINK_COMMANDS, LINK, PaymentEnvelopes.createLink("cmd_lc", LINK, AT, 3, null));
            for (int n = 1; n <= 6; n++) {
                send(
                        links,
                        Topics.PAYMENT_LINK_COMMANDS,
                        LINK,
                        PaymentEnvelopes.open("cmd_open" + n, LINK, AT.plusSeconds(n), paymentId(n)));
            }

            // then 3 opens are accepted, 3 refused, and exactly 3 payments exist, each announced once.
            var seen = new ArrayList<Change>();
            await().atMost(PATIENCE).until(() -> poll(changes, seen).size() >= 1 + 6 + 3);
            var linkChanges = seen.stream()
                    .filter(c -> c.getAggregateType().equals("payment_link"))
                    .toList();
            assertThat(linkChanges)
                    .extracting(Change::getOutcome)
                    .containsExactly(
                            Outcome.ACCEPTED,
                            Outcome.ACCEPTED,
                            Outcome.ACCEPTED,
                            Outcome.ACCEPTED,
                            Outcome.REJECTED,
                            Outcome.REJECTED,
                            Outcome.REJECTED);
            var created = seen.stream()
                    .filter(c -> c.getAggregateType().equals("payment"))
                    .toList();
            assertThat(created)
                    .extracting(c -> ((PaymentSnapshot) c.getSnapshots().getFirst()).getMerchantRef())
                    .containsExactlyInAnyOrder("ticket_1", "ticket_2", "ticket_3");
            assertThat(created)
                    .extracting(Change::getCommandId)
                    .containsExactlyInAnyOrderElementsOf(linkChanges.subList(1, 4).stream()
                            .map(Change::getFollowUpCommandId)
                            .toList());
            var published = new ArrayList<BillingEvent>();
            await().atMost(PATIENCE)
                    .until(() -> paymentEvents(events, published).size() >= 3);
            assertThat(published).extracting(BillingEvent::getType).containsOnly("payment.created");

            // When the first payment is confirmed and the chain side verifies the transfer
            send(
                    payments,
                    Topics.PAYMENT_COMMANDS,
                    paymentId(1),
                    PaymentEnvelopes.confirm("cmd_conf", paymentId(1), AT.plusSeconds(60), null));
            var asked = new ArrayList<ChainRequest>();
            await().atMost(PATIENCE).until(() -> poll(requests, asked).size() >= 1);
            assertThat(asked.getFirst().getRequestId()).isEqualTo(paymentId(1) + ":verify:1");
            send(payments, Topics.PAYMENT_COMMANDS, paymentId(1), PaymentEnvelopes.settled(asked.getFirst(), true));

            // then it is paid once and its link counts the conversion.
            await().atMost(PATIENCE)
                    .until(() -> poll(changes, seen).stream()
                            .anyMatch(c -> c.getAggregateType().equals("payment_link")
                                    && c.getOutcome() == Outcome.ACCEPTED
                                    && ((PaymentLinkSnapshot) c.getSnapshots().getFirst()).getPaidCount() == 1));
            await().atMost(PATIENCE)
                    .until(() -> paymentEvents(events, published).stream()
                            .anyMatch(e -> e.getType().equals("payment.paid")));
            assertThat(published)
                    .filteredOn(e -> e.getType().equals("payment.paid"))
                    .singleElement()
                    .satisfies(e ->
                            assertThat(e.getData().getPayment().getStatus()).isEqualTo("paid"));
        }
    }

    @Test
    void shouldForwardExactlyMaxRedemptionsSubscriptionsWhenManyThreadsRedeemOneCouponAtOnce() throws Exception {
        try (var coupons = producer(broker, Topics.COUPON_COMMANDS);
                var codes = producer(broker, Topics.PROMOTION_CODE_COMMANDS);
                var changes = consumer(broker, Topics.CHANGES);
                var subscriptionCommands = consumer(broker, Topics.SUBSCRIPTION_COMMANDS)) {
            send(coupons, Topics.COUPON_COMMANDS, COUPON, CouponEnvelopes.create("cmd_c", COUPON, AT, MAX, null));
            send(
                    codes,
                    Topics.PROMOTION_CODE_COMMANDS,
                    CODE,
                    CouponEnvelopes.createCode("cmd_p", "LAUNCH", COUPON, AT, null));

            // Given a coupon allowed 5 redemptions, when 6 threads redeem it 3 times each (every other one through its
            // code)
            var pool = Executors.newFixedThreadPool(THREADS);
            var tasks = new ArrayList<Callable<Void>>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                tasks.add(() -> {
                    for (int i = 0; i < PER_THREAD; i++) {
                        int n = thread * PER_THREAD + i;
                        if (thread % 2 == 1) {
                            send(
                                    codes,
                                    Topics.PROMOTION_CODE_COMMANDS,
                                    CODE,
                                    CouponEnvelopes.redeemCode("cmd_r" + n, CODE, AT, redemption(n), subscription(n)));
                        } else {
                            send(
                                    coupons,
                                    Topics.COUPON_COMMANDS,
                                    COUPON,
                                    CouponEnvelopes.redeem("cmd_r" + n, COUPON, AT, redemption(n), subscription(n)));
                        }
                    }
                    return null;
                });
            }
            try {
                for (var future : pool.invokeAll(tasks)) {
                    future.get(30, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }

            // then every redemption reaches the coupon once, 5 are counted and 13 refused exhausted,
            int total = THREADS * PER_THREAD;
            var seen = new ArrayList<Change>();
            await().atMost(PATIENCE)
                    .until(() -> of("coupon", poll(changes, seen)).size() >= 1 + total);
            var redemptions = of("coupon", seen).subList(1, 1 + total);
            assertThat(redemptions)
                    .filteredOn(c -> c.getOutcome() == Outcome.ACCEPTED)
                    .hasSize(MAX);
            assertThat(redemptions)
                    .filteredOn(c -> c.getOutcome() == Outcome.REJECTED)
                    .hasSize(total - MAX)
                    .allSatisfy(c -> assertThat(c.getRejection().getCode()).isEqualTo("coupon_exhausted"));
            assertThat(of("coupon", seen).stream()
                            .flatMap(c -> c.getSnapshots().stream())
                            .map(CouponSnapshot.class::cast)
                            .max(Comparator.comparingLong(CouponSnapshot::getVersion))
                            .orElseThrow()
                            .getTimesRedeemed())
                    .isEqualTo(MAX);

            // exactly 5 subscriptions are forwarded, one per accepted redemption,
            var forwarded = new ArrayList<SubscriptionCommand>();
            var accepted = redemptions.stream()
                    .filter(c -> c.getOutcome() == Outcome.ACCEPTED)
                    .map(Change::getFollowUpCommandId)
                    .toList();
            await().atMost(PATIENCE)
                    .until(() ->
                            forwardedCreates(subscriptionCommands, forwarded).size() >= MAX);
            forwardedCreates(subscriptionCommands, forwarded);
            assertThat(forwarded).hasSize(MAX);
            assertThat(forwarded)
                    .extracting(SubscriptionCommand::getCommandId)
                    .containsExactlyInAnyOrderElementsOf(accepted);
            assertThat(forwarded)
                    .allSatisfy(c -> assertThat(((CreateSubscription) c.getPayload()).getCouponId())
                            .isEqualTo(COUPON));

            // and the code keeps only the redemptions its coupon counted.
            var throughCode = Set.copyOf(redemptions.stream()
                    .filter(c -> c.getOutcome() == Outcome.ACCEPTED)
                    .map(Change::getCommandId)
                    .filter(ForwardedCommandsIT::isThroughCode)
                    .toList());
            await().atMost(PATIENCE)
                    .until(() -> newest(poll(changes, seen)).getTimesRedeemed() == throughCode.size()
                            && of("promotion_code", seen).size() == 1 + 9 + (9 - throughCode.size()));
        }
    }

    private static boolean isThroughCode(String redeemCouponCommandId) {
        for (int n = 0; n < THREADS * PER_THREAD; n++) {
            if ((n / PER_THREAD) % 2 == 1
                    && RedemptionCommandIds.redeemCoupon(redemption(n), AT).equals(redeemCouponCommandId)) {
                return true;
            }
        }
        return false;
    }

    private static PromotionCodeSnapshot newest(List<Change> seen) {
        return of("promotion_code", seen).stream()
                .flatMap(c -> c.getSnapshots().stream())
                .map(PromotionCodeSnapshot.class::cast)
                .max(Comparator.comparingLong(PromotionCodeSnapshot::getVersion))
                .orElseThrow();
    }

    private static List<Change> of(String aggregateType, List<Change> changes) {
        return changes.stream()
                .filter(c -> c.getAggregateType().equals(aggregateType))
                .toList();
    }

    private static String redemption(int n) {
        return "red_it" + n;
    }

    private static String subscription(int n) {
        return "sub_01jvqz0000000000000000it" + String.format("%02d", n);
    }

    private static String paymentId(int n) {
        return "pay_01jvqz00000000000000000i" + String.format("%02d", n);
    }

    private static <V> KafkaProducer<String, V> producer(TestBroker broker, Topic<String, V> topic) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.LINGER_MS_CONFIG, 0),
                new StringSerializer(),
                topic.valueSerde().serializer());
    }

    private static <V> void send(KafkaProducer<String, V> producer, Topic<String, V> topic, String key, V value)
            throws Exception {
        producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), key, value))
                .get(30, TimeUnit.SECONDS);
    }

    private static <V> KafkaConsumer<String, V> consumer(TestBroker broker, Topic<String, V> topic) {
        return ReadCommitted.fromStart(
                broker,
                topic.name(Deployment.DEFAULT),
                2,
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    /** The payment events among the next records: the coupon test's subscriptions publish events too. */
    private static List<BillingEvent> paymentEvents(
            KafkaConsumer<String, BillingEvent> consumer, List<BillingEvent> into) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
            if (record.value().getType().startsWith("payment.")) {
                into.add(record.value());
            }
        }
        return into;
    }

    /**
     * Polls the subscription commands into {@code into}, but the FinalizeInvoice the invoice numbering sends back for
     * each invoice a forwarded create made: only what the coupon forwarded.
     */
    private static List<SubscriptionCommand> forwardedCreates(
            KafkaConsumer<String, SubscriptionCommand> consumer, List<SubscriptionCommand> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(record -> {
            if (!(record.value().getPayload() instanceof FinalizeInvoice)) {
                into.add(record.value());
            }
        });
        return into;
    }

    private static <V> List<V> poll(KafkaConsumer<String, V> consumer, List<V> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(record -> into.add(record.value()));
        return into;
    }
}
