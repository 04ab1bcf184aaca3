package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.processes.ServiceProcess;
import io.abk.billing.schemas.avro.FollowerCursor;
import io.abk.billing.schemas.topic.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * The chain's lease across replicas that stand still: two chain-indexer processes (one gateway and one billing-streams
 * beside them, what a payment needs) on the
 * local chain, with the broker's shortest lease session, 6 s. Three rounds, each stopping the replica that holds the
 * chain's lease (SIGSTOP) until the other has taken the chain over and published again, then letting it run on
 * (SIGCONT) as a zombie that lost the lease; the next round stops the other. The protection against a zombie's
 * follower fencing the holder's, which then never published again: after each round a new one-time payment paid by
 * a plain USDC transfer is paid within 30 s, the holder's follower was never started again (no zombie fenced it), and
 * at the end no transfer was published twice on {@code chain.transfers}. It prints each round's lease recovery time:
 * from the stop until the other replica published again.
 */
@Execution(ExecutionMode.SAME_THREAD)
class ChainLeasePauseIT {

    /**
     * The first round stops the replica that held the lease from the start, the second the one that took it over
     * while the first ran on as a zombie, the third the first again, once it was a zombie and took the chain back:
     * every kind of holder the lease has. Five rounds repeated the second and third.
     */
    private static final int ROUNDS = 3;
    /** The broker's minimum session: a stopped holder's lease moves as soon as a deployment's could. */
    private static final Duration SESSION = Duration.ofSeconds(6);
    /** Two replicas of chain-indexer, one partition: the lease is one partition, held by one of them. */
    private static final int PARTITIONS = 1;

    private static final Duration PAID_WITHIN = Duration.ofSeconds(30);
    /** A session, a rebalance and a follower's start on a loaded 2-core machine; it takes about 8 s. */
    private static final Duration TAKEOVER_LIMIT = Duration.ofSeconds(60);

    private static final Duration READY_LIMIT = Duration.ofMinutes(2);
    private static final Pattern RUNNING = Pattern.compile(
            "^billing_chain_follower_running\\{[^}]*chainId=\"(\\d+)\"[^}]*} ([0-9.]+)$", Pattern.MULTILINE);

    @TempDir
    Path dataDir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void shouldFollowTheChainAndPayEachPaymentWhenTheLeaseHolderIsStoppedPastItsSessionRoundAfterRound()
            throws IOException {
        var config = LocalStackSettings.forTest(dataDir, PARTITIONS)
                .withLocalChain(0)
                .withProcesses(1);
        var leaseSession = Map.of("BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS", Long.toString(SESSION.toMillis()));
        // Only what a payment needs: the gateway, billing-streams and the chain indexers (three JVMs fewer to start).
        var services = EnumSet.of(ServiceKind.API_GATEWAY, ServiceKind.BILLING_STREAMS, ServiceKind.CHAIN_INDEXER);
        try (var stack = LocalStack.start(config, leaseSession, services);
                var chain = new TestChain(stack.info().localChain().orElseThrow())) {
            var fleet = stack.processes().orElseThrow();
            fleet.add(ServiceKind.CHAIN_INDEXER, READY_LIMIT);
            var indexers = fleet.of(ServiceKind.CHAIN_INDEXER);
            var chainId = chain.info().chainId();
            var api = new Api(stack.info());
            var merchant = api.newMerchant("lease pauses");
            var customer = chain.newWallet("1000");
            var topics = new TopicLog(stack.kafkaBootstrapServers());
            var rounds = new ArrayList<String>();

            for (int round = 1; round <= ROUNDS; round++) {
                // Given one replica running the chain's follower, the other standing by, both ready
                var holder = awaitHolder(indexers, chainId);
                var other = indexers.get(1 - indexers.indexOf(holder));
                fleet.awaitReady(other, READY_LIMIT);

                // When the holder stands still past its session until the other has published again, then runs on
                var head = chain.head();
                var cursorsBefore = topics.endOffsets(Topics.CHAIN_INDEXER_CHECKPOINTS);
                long stoppedAt = System.nanoTime();
                Duration tookOver;
                Duration published;
                holder.pause();
                try {
                    await("the chain's follower in " + other.name())
                            .atMost(TAKEOVER_LIMIT)
                            .pollInterval(Duration.ofMillis(100))
                            .until(() -> followerRunning(other, chainId));
                    tookOver = since(stoppedAt);
                    await("a cursor of a block mined after the stop")
                            .atMost(TAKEOVER_LIMIT)
                            .pollInterval(Duration.ofMillis(100))
                            .until(() -> cursorPast(topics, cursorsBefore, chainId, head + 1));
                    published = since(stoppedAt);
                } finally {
                    holder.resume();
                }

                // Then a payment made now is paid by a plain transfer within 30 s
                long paidIn = payAndAwaitPaid(api, merchant, chain, customer);
                // and the zombie stood down without fencing the new holder's follower, which never restarted
                await("the chain's follower leaving " + holder.name())
                        .atMost(TAKEOVER_LIMIT)
                        .until(() -> !followerRunning(holder, chainId));
                assertThat(holder.isAlive()).as(holder.name() + " alive").isTrue();
                var component = ready(other).path("details");
                assertThat(component.path("chain-" + chainId).asString()).isEqualTo("UP");
                assertThat(component
                                .path("chain-" + chainId + ".followerRestarts")
                                .asString())
                        .as("restarts of the follower in " + other.name())
                        .isEqualTo("0");
                rounds.add(String.format(
                        "round %d: stopped %s; %s ran the chain after %d ms and published again after %d ms; a"
                                + " payment was paid %d ms after its transfer (relayer restarts %s)",
                        round,
                        holder.name(),
                        other.name(),
                        tookOver.toMillis(),
                        published.toMillis(),
                        paidIn,
                        component.path("chain-" + chainId + ".relayerRestarts").asString()));
                System.out.println("chain lease: " + rounds.getLast());
            }

            assertNoTransferPublishedTwice(topics);
            System.out.println("chain lease: every round\n  " + String.join("\n  ", rounds));
        } finally {
            LogSecretsIT.keepProcessLogs(dataDir.resolve("logs"), "chain-lease-");
        }
    }

    /** The replica whose follower of {@code chainId} runs, awaited until exactly one does. */
    private ServiceProcess awaitHolder(List<ServiceProcess> indexers, long chainId) {
        return await("exactly one replica running the chain's follower")
                .atMost(TAKEOVER_LIMIT)
                .until(
                        () -> indexers.stream()
                                .filter(process -> followerRunning(process, chainId))
                                .toList(),
                        running -> running.size() == 1)
                .getFirst();
    }

    /** {@code billing_chain_follower_running{chainId}} on the process's metrics route is 1. */
    private boolean followerRunning(ServiceProcess process, long chainId) {
        var metrics = get(process, "/metrics").body();
        var matcher = RUNNING.matcher(metrics);
        while (matcher.find()) {
            if (matcher.group(1).equals(Long.toString(chainId))) {
                return Double.parseDouble(matcher.group(2)) == 1.0;
            }
        }
        throw new AssertionError(process.name() + " shows no billing_chain_follower_running of chain " + chainId);
    }

    private JsonNode ready(ServiceProcess process) {
        return Json.parse(get(process, "/ready").body());
    }

    private HttpResponse<String> get(ServiceProcess process, String path) {
        var request = HttpRequest.newBuilder(URI.create(process.baseUrl() + path))
                .timeout(Duration.ofSeconds(5))
                .GET()
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(process.name() + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Whether a cursor of the chain that reads on past {@code block} was committed since {@code from}. */
    private static boolean cursorPast(
            TopicLog topics, Map<org.apache.kafka.common.TopicPartition, Long> from, long chainId, long block) {
        return topics.records(Topics.CHAIN_INDEXER_CHECKPOINTS, from).stream()
                .filter(record -> record.key().equals(Long.toString(chainId)))
                .map(record -> record.value().getPayload())
                .anyMatch(payload -> payload instanceof FollowerCursor cursor && cursor.getNextBlock() > block);
    }

    /** A payment of 5 USDC paid by a plain transfer to its payout address; ms from the transfer to {@code paid}. */
    private static long payAndAwaitPaid(Api api, TestMerchant merchant, TestChain chain, TestChain.Wallet customer) {
        var payout = TestChain.freshAddress();
        var id = ChainPayments.create(api, merchant, customer, payout, "5");
        var transfer =
                chain.send(customer, chain.info().tokenAddress(), Erc20Abi.transfer(payout, TestChain.units("5")));
        assertThat(transfer.isStatusOK()).isTrue();
        long sentAt = System.nanoTime();
        var paid = ChainPayments.awaitStatus(api, merchant, id, "paid", PAID_WITHIN);
        assertThat(paid.path("txHash").asString()).isEqualToIgnoringCase(transfer.getTransactionHash());
        return since(sentAt).toMillis();
    }

    /** Among the records that are not retractions, each key ({@code chainId:txHash:logIndex}) appears once. */
    private static void assertNoTransferPublishedTwice(TopicLog topics) {
        var published = topics.records(Topics.CHAIN_TRANSFERS).stream()
                .filter(record -> !record.value().getRetracted())
                .collect(Collectors.groupingBy(ConsumerRecord::key, Collectors.counting()));
        System.out.printf("chain lease: %d transfers published%n", published.size());
        assertThat(published).isNotEmpty();
        assertThat(published.entrySet())
                .as("transfers published more than once")
                .noneMatch(entry -> entry.getValue() > 1);
    }

    private static Duration since(long nanos) {
        return Duration.ofNanos(System.nanoTime() - nanos);
    }
}
