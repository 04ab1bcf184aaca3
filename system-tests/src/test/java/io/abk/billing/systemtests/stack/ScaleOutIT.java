package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.processes.ServiceFleet;
import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.processes.ServiceProcess;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.render.ApiJson;
import io.abk.billing.schemas.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;

/**
 * The distributed shape on one machine: every service as OS processes, two of each (two gateways), on a broker with
 * six partitions per topic. A mixed workload runs over both gateways; partitions are split between the replicas; a
 * test clock move makes every active subscription renew; in the middle of it one replica of each service is killed
 * with SIGKILL, and one more of each is added. Afterwards:
 * <ul>
 *   <li>every command was applied exactly once (each command id has one {@code Change}; each create that got a 201
 *       made one subscription, and no retried create made a second);</li>
 *   <li>the read model equals the streams' state (each aggregate's newest snapshot on {@code billing.changes}, rendered
 *       as the API renders it, is what the API answers);</li>
 *   <li>every event reached the merchant's endpoint at least once;</li>
 *   <li>no invoice was paid twice, and no subscription renewed twice (nor was a renewal command sent twice);</li>
 *   <li>every usage event a gateway accepted, posted by another merchant all along ({@link ScaleOutUsage}), counted
 *       exactly once: the usage processor's tasks on the killed replica lose what they held since their last commit
 *       and the survivor replays it.</li>
 * </ul>
 * The replicas killed stay down: a kill through the fleet is a crash on purpose, which its supervisor does not undo.
 * It prints how long each partition took, from the kill, to answer its first command again. It runs on the process
 * stack {@link RejoinIT} ran on first, and closes it.
 */
@ExtendWith(ProcessStack.class)
@Order(ProcessStack.ORDER + 1)
@Isolated
@ExtendWith(SharedStacksClosed.class)
class ScaleOutIT {

    private static final int PARTITIONS = ProcessStack.PARTITIONS;
    private static final int REPLICAS = ProcessStack.REPLICAS;
    private static final int CONCURRENCY = 4;
    /** Answered operations between the steps: enough to spread over every partition. */
    private static final int STEP = 60;

    private static final Duration STEP_LIMIT = Duration.ofMinutes(4);
    private static final Duration SETTLE_LIMIT = Duration.ofMinutes(3);
    private static final long MONTH_AND_A_DAY_SECONDS = Duration.ofDays(32).toSeconds();

    @AfterAll
    static void closeTheProcessStack(ProcessStack.Handle processes) {
        processes.closeIfRunning();
    }

    @Test
    void shouldApplyEveryCommandOnceWhenReplicasAreKilledAndAddedUnderLoad(ProcessStack.Handle processes)
            throws Exception {
        var running = processes.running();
        var stack = running.stack();
        var fleet = running.fleet();
        try (var receiver = Receiver.start();
                var groups = new ProcessGroups(stack.kafkaBootstrapServers(), running.stateRoot())) {
            var api = new Api(stack.info());
            var merchant = api.newMerchant("scale-out");
            var key = merchant.testKey();
            api.post("/v1/webhook_endpoints")
                    .key(key)
                    .json(Map.of("url", receiver.url("/hooks")))
                    .send()
                    .expect(201);
            Clocks.advance(api, key, 60); // frozen a minute ahead: renewals then follow this clock only
            var link = ScaleOutLoad.newPaymentLink(api, key);
            // a merchant of its own for usage, whose clock does not move: its periods stay open throughout
            var usageKey = api.newMerchant("scale-out-usage").testKey();

            // given a mixed load over both gateways, on partitions split between the replicas of every group
            try (var load = new ScaleOutLoad(fleet::gatewayUrls, key, link, "so");
                    var usage = new ScaleOutUsage(api, fleet::gatewayUrls, usageKey)) {
                load.start(CONCURRENCY);
                awaitAnswered(load, STEP);
                groups.awaitEveryMemberHasPartitions(REPLICAS, STEP_LIMIT);
                var activatedBeforeMove = activatedSubscriptions(load);

                // when a month passes on the test clock (every active subscription renews) and, while the renewals
                // fire, one replica of every service dies without warning
                Clocks.advance(new Api(infoOf(stack, fleet)), key, MONTH_AND_A_DAY_SECONDS);
                var killedAt = Instant.now();
                var killed = new ArrayList<ServiceProcess>();
                for (var kind : ServiceKind.values()) {
                    var victim = fleet.of(kind).getFirst();
                    victim.kill();
                    killed.add(victim);
                }
                var restartsAtKill =
                        killed.stream().map(ServiceProcess::restarts).toList();
                System.out.printf(
                        "scale-out: killed %s at %s%n",
                        killed.stream().map(ServiceProcess::name).toList(), killedAt);
                awaitAnswered(load, load.answered() + STEP);

                // and one more replica of every service joins
                var added = fleet.addAll(List.of(ServiceKind.values()), STEP_LIMIT);
                System.out.printf(
                        "scale-out: added %s%n",
                        added.stream().map(ServiceProcess::name).toList());
                awaitAnswered(load, load.answered() + STEP);
                groups.awaitEveryMemberHasPartitions(REPLICAS, STEP_LIMIT);
                load.close();
                usage.close();
                var usageAfterKill = usage.batchesAcceptedSince(killedAt);
                System.out.printf("scale-out: %d usage batches accepted after the kill%n", usageAfterKill);
                assertThat(usageAfterKill)
                        .as("usage batches accepted after the kill")
                        .isPositive();
                assertThat(killed).as("replicas killed on purpose stay down").noneMatch(ServiceProcess::isAlive);
                assertThat(killed.stream().map(ServiceProcess::restarts).toList())
                        .as("restarts of the replicas killed on purpose")
                        .isEqualTo(restartsAtKill);

                // then the outcome is what it would have been without any failure
                var outcomes = load.outcomes();
                printRecovery(outcomes, killedAt);
                var topics = new TopicLog(stack.kafkaBootstrapServers());
                var live = new Api(infoOf(stack, fleet));
                awaitRenewals(topics, activatedBeforeMove, merchant.id());
                AppliedOnce.assertEachCommandAppliedOnce(topics, merchant.id());
                AppliedOnce.assertEachAcceptedCreateMadeOneSubscription(live, key, load, outcomes);
                var latest = awaitReadModelEqualsStreamsState(topics, live, key, merchant.id());
                assertNothingPaidOrRenewedTwice(topics, latest, merchant.id());
                awaitEveryEventDelivered(topics, receiver, merchant.id());
                usage.awaitCountedOnce(live, SETTLE_LIMIT);
                awaitEachProcessShowsItsMeters(fleet);
            }
        }
    }

    /** The meters each kind of service must show on its metrics route once it has worked. */
    private static final Map<ServiceKind, List<String>> METERS = Map.of(
            ServiceKind.BILLING_STREAMS,
                    List.of(
                            "billing_commands_total{",
                            "billing_consumer_group_lag{",
                            "billing_dead_letters{",
                            "kafka_stream_thread_",
                            "jvm_memory_used_bytes{"),
            ServiceKind.CHAIN_INDEXER,
                    List.of("billing_charges_total{", "billing_consumer_group_lag{", "kafka_stream_thread_"),
            ServiceKind.RENEWAL_SCHEDULER,
                    List.of(
                            "billing_scheduler_fired_total{",
                            "billing_scheduler_backlog{",
                            "billing_consumer_group_lag{"),
            ServiceKind.API_GATEWAY,
                    List.of(
                            "billing_gateway_command_seconds_bucket{",
                            "http_server_requests_seconds_count{",
                            "kafka_consumer_fetch_manager_records_lag_max{"),
            ServiceKind.WEBHOOK_SENDER,
                    List.of(
                            "billing_webhook_attempts_total{",
                            "billing_webhook_attempt_seconds_bucket{",
                            "billing_webhook_retry_backlog{",
                            "billing_dead_letters{",
                            "billing_consumer_group_lag{"));

    /**
     * Each kind of service shows its meters: every live process answers its metrics route with its own
     * {@code service} tag, and together the processes of a kind show every meter of it (a replica that settled no
     * charge yet has no charge counter), each on its kind's metrics route.
     */
    private static void awaitEachProcessShowsItsMeters(ServiceFleet fleet) {
        var http = java.net.http.HttpClient.newHttpClient();
        await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(() -> {
            var shown = new java.util.EnumMap<ServiceKind, StringBuilder>(ServiceKind.class);
            for (var process : fleet.processes()) {
                if (!process.isAlive()) {
                    continue;
                }
                var path = process.kind().metricsPath();
                var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(process.baseUrl() + path))
                        .GET()
                        .build();
                var body = http.send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
                        .body();
                assertThat(body)
                        .as(process.name() + path)
                        .contains("service=\"" + process.kind().module() + "\"");
                shown.computeIfAbsent(process.kind(), kind -> new StringBuilder())
                        .append(body);
            }
            METERS.forEach((kind, meters) -> assertThat(shown.get(kind))
                    .as(kind.module() + " meters")
                    .isNotNull()
                    .asString()
                    .contains(meters));
        });
    }

    private static void awaitAnswered(ScaleOutLoad load, int count) {
        await().atMost(STEP_LIMIT).until(() -> load.answered() >= count);
    }

    /** The stack's info pointed at a live gateway (the first one may be the killed one). */
    private static LocalStack.Info infoOf(LocalStack stack, ServiceFleet fleet) {
        var info = stack.info();
        var gateway = fleet.gatewayUrls().getFirst();
        return new LocalStack.Info(
                gateway,
                info.publicUrl(),
                info.adminToken(),
                info.demoTestKey(),
                info.demoLiveKey(),
                info.demoMerchantId(),
                info.kafkaBootstrapServers(),
                info.jdbcUrl(),
                info.dataDir(),
                info.coldStart(),
                info.startDuration(),
                info.localChain(),
                fleet.gatewayUrls(),
                info.processes(),
                info.usdtUrl(),
                info.usdtKey(),
                info.sealingKeys(),
                info.demoOwnerEmail(),
                info.demoOwnerPassword());
    }

    private static Set<String> activatedSubscriptions(ScaleOutLoad load) {
        return load.outcomes().stream()
                .filter(outcome -> outcome.operation().equals("activate") && outcome.succeeded())
                .map(outcome -> outcome.body().at("/subscription/id").asString())
                .collect(Collectors.toSet());
    }

    /** Per partition, from the kill to the first answer of a command sent after it. */
    private static void printRecovery(List<ScaleOutLoad.Outcome> outcomes, Instant killedAt) {
        var firstAfter = new TreeMap<Integer, Duration>();
        for (var outcome : outcomes) {
            if (!outcome.succeeded() || outcome.startedAt().isBefore(killedAt) || outcome.body() == null) {
                continue;
            }
            var id = aggregateId(outcome);
            if (id == null) {
                continue;
            }
            firstAfter.merge(
                    partition(id),
                    Duration.between(killedAt, outcome.answeredAt()),
                    (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
        System.out.printf(
                "scale-out: kill to the first command answered on each partition: %s%n",
                firstAfter.entrySet().stream()
                        .map(entry ->
                                "p" + entry.getKey() + " " + entry.getValue().toMillis() + " ms")
                        .toList());
        assertThat(firstAfter)
                .as("every partition answered again after the kill")
                .hasSize(PARTITIONS);
    }

    private static String aggregateId(ScaleOutLoad.Outcome outcome) {
        var body = outcome.body();
        return switch (outcome.operation()) {
            case "create", "activate" -> body.at("/subscription/id").asString(null);
            case "payment", "confirm" -> body.at("/payment/id").asString(null);
            default -> null;
        };
    }

    /** The partition Kafka's default partitioner gives a string key. */
    private static int partition(String key) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }

    /**
     * Waits until the API answers, for every aggregate the merchant has, exactly the newest snapshot billing-streams
     * wrote of it; returns those snapshots by id.
     */
    private static Map<String, Object> awaitReadModelEqualsStreamsState(
            TopicLog topics, Api api, String key, String merchantId) {
        var latest = new LinkedHashMap<String, Object>();
        var versions = new HashMap<String, Long>();
        for (var change :
                topics.values(Topics.CHANGES, change -> change.getMerchantId().equals(merchantId))) {
            for (var snapshot : change.getSnapshots()) {
                var id = snapshotId(snapshot);
                var version = snapshotVersion(snapshot);
                if (versions.getOrDefault(id, -1L) < version) {
                    versions.put(id, version);
                    latest.put(id, snapshot);
                }
            }
        }
        System.out.printf("scale-out: comparing %d aggregates with the read model%n", latest.size());
        await().atMost(SETTLE_LIMIT).untilAsserted(() -> {
            var differing = new ArrayList<String>();
            for (var entry : latest.entrySet()) {
                var expected = Json.parse(Json.write(rendered(entry.getValue())));
                var actual = readModel(api, key, entry.getValue());
                if (!expected.equals(actual)) {
                    differing.add(entry.getKey() + ": streams " + expected + " read model " + actual);
                }
                if (differing.size() >= 5) {
                    break;
                }
            }
            assertThat(differing)
                    .as("aggregates whose read model differs from the streams' state")
                    .isEmpty();
        });
        return latest;
    }

    private static Object rendered(Object snapshot) {
        return switch (snapshot) {
            case SubscriptionSnapshot s -> ApiJson.subscription(s);
            case InvoiceSnapshot i -> ApiJson.invoice(i);
            case PaymentSnapshot p -> ApiJson.payment(p);
            case PaymentLinkSnapshot l -> ApiJson.paymentLink(l);
            case CustomerSnapshot c -> ApiJson.customer(c);
            default -> throw new IllegalArgumentException("unknown snapshot " + snapshot);
        };
    }

    private static JsonNode readModel(Api api, String key, Object snapshot) {
        return switch (snapshot) {
            case SubscriptionSnapshot s ->
                api.get("/v1/subscriptions/" + s.getId())
                        .key(key)
                        .send()
                        .expect(200)
                        .json();
            case InvoiceSnapshot i ->
                api.get("/v1/invoices/" + i.getId()).key(key).send().expect(200).json();
            case PaymentSnapshot p ->
                api.get("/v1/payments/" + p.getId())
                        .key(key)
                        .send()
                        .expect(200)
                        .json()
                        .path("payment");
            case PaymentLinkSnapshot l ->
                api.get("/v1/payment-links/" + l.getId())
                        .key(key)
                        .send()
                        .expect(200)
                        .json()
                        .path("paymentLink");
            case CustomerSnapshot c ->
                api.get("/v1/customers/" + c.getId())
                        .key(key)
                        .send()
                        .expect(200)
                        .json()
                        .path("customer");
            default -> throw new IllegalArgumentException("unknown snapshot " + snapshot);
        };
    }

    private static String snapshotId(Object snapshot) {
        return switch (snapshot) {
            case SubscriptionSnapshot s -> s.getId();
            case InvoiceSnapshot i -> i.getId();
            case PaymentSnapshot p -> p.getId();
            case PaymentLinkSnapshot l -> l.getId();
            case CustomerSnapshot c -> c.getId();
            default -> throw new IllegalArgumentException("unknown snapshot " + snapshot);
        };
    }

    private static long snapshotVersion(Object snapshot) {
        return switch (snapshot) {
            case SubscriptionSnapshot s -> s.getVersion();
            case InvoiceSnapshot i -> i.getVersion();
            case PaymentSnapshot p -> p.getVersion();
            case PaymentLinkSnapshot l -> l.getVersion();
            case CustomerSnapshot c -> c.getVersion();
            default -> throw new IllegalArgumentException("unknown snapshot " + snapshot);
        };
    }

    /** Every subscription that was active before the month passed gets its renewal invoice. */
    private static void awaitRenewals(TopicLog topics, Set<String> activatedBeforeMove, String merchantId) {
        await().atMost(SETTLE_LIMIT).untilAsserted(() -> {
            var renewed = topics
                    .values(Topics.CHANGES, change -> change.getMerchantId().equals(merchantId))
                    .stream()
                    .flatMap(change -> change.getSnapshots().stream())
                    .filter(InvoiceSnapshot.class::isInstance)
                    .map(InvoiceSnapshot.class::cast)
                    .filter(invoice -> "subscription_cycle".equals(invoice.getBillingReason()))
                    .map(InvoiceSnapshot::getSubscriptionId)
                    .collect(Collectors.toSet());
            assertThat(renewed)
                    .as("subscriptions active before the month passed that renewed")
                    .containsAll(activatedBeforeMove);
        });
    }

    /**
     * No invoice was paid twice, no subscription has more than the one renewal a month's move allows, and no renewal
     * command was sent twice.
     */
    private static void assertNothingPaidOrRenewedTwice(
            TopicLog topics, Map<String, Object> latest, String merchantId) {
        var events = topics.values(Topics.EVENTS, event -> event.getMerchantId().equals(merchantId));
        // An invoice event's aggregate is its subscription: the invoice is in the event's data.
        var paid = events.stream()
                .filter(event -> event.getType().equals("invoice.paid"))
                .collect(Collectors.groupingBy(
                        event -> event.getData().getInvoice().getId(), Collectors.counting()));
        assertThat(paid.entrySet()).as("invoices paid more than once").noneMatch(entry -> entry.getValue() > 1);
        var renewals = latest.values().stream()
                .filter(InvoiceSnapshot.class::isInstance)
                .map(InvoiceSnapshot.class::cast)
                .filter(invoice -> "subscription_cycle".equals(invoice.getBillingReason()))
                .collect(Collectors.groupingBy(InvoiceSnapshot::getSubscriptionId, Collectors.counting()));
        System.out.printf("scale-out: %d invoices paid, %d subscriptions renewed%n", paid.size(), renewals.size());
        assertThat(renewals.entrySet())
                .as("subscriptions renewed more than once")
                .noneMatch(entry -> entry.getValue() > 1);
        var renewCommands = topics
                .values(
                        Topics.SUBSCRIPTION_COMMANDS,
                        command -> command.getMerchantId().equals(merchantId)
                                && command.getCommandId().endsWith(":renew"))
                .stream()
                .collect(Collectors.groupingBy(command -> command.getCommandId(), Collectors.counting()));
        assertThat(renewCommands.entrySet())
                .as("renewal commands sent more than once")
                .noneMatch(entry -> entry.getValue() > 1);
    }

    private static void awaitEveryEventDelivered(TopicLog topics, Receiver receiver, String merchantId) {
        var eventIds = topics
                .values(Topics.EVENTS, event -> event.getMerchantId().equals(merchantId))
                .stream()
                .map(BillingEvent::getEventId)
                .collect(Collectors.toCollection(HashSet::new));
        System.out.printf("scale-out: %d events to deliver%n", eventIds.size());
        await().atMost(SETTLE_LIMIT).untilAsserted(() -> {
            var delivered = receiver.requests().stream()
                    .map(request -> request.header("webhook-id"))
                    .collect(Collectors.toSet());
            var missing = new HashSet<>(eventIds);
            missing.removeAll(delivered);
            assertThat(missing).as("events never delivered").isEmpty();
        });
        var deliveries = receiver.requests().size();
        System.out.printf(
                "scale-out: %d deliveries for %d events (%d repeated)%n",
                deliveries, eventIds.size(), deliveries - eventIds.size());
    }
}
