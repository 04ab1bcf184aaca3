package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import io.abk.billing.localstack.chain.ChainAccounts;
import io.abk.billing.localstack.lifecycle.FreePorts;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.GroupState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole stack in one process: starts on free ports, reports UP, serves the catalog topics and the billing
 * database, runs settlement and the scheduler, accepts N creates, stops cleanly (every port released), and starts again
 * on the same data directory with the same secrets, this time with the local chain ({@code BILLING_LOCAL_CHAIN=anvil}),
 * which moves test mode out of the sandbox: every accepted subscription is there exactly once, nothing was applied
 * twice, and the stack keeps working. One test, because each start of the whole stack costs many seconds on a 2-core
 * machine. It runs its own stack (not the shared one), beside the classes on the shared stacks: each in-process
 * server runs on event loops of its own, so closing this stack leaves theirs serving.
 */
class LocalStackIT {

    private static final int PARTITIONS = SharedStack.PARTITIONS;
    /** Creates accepted before the restart. */
    private static final int N = 60;
    /** Creates in flight at once: enough to overlap the command round trips, few enough for a 2-core machine. */
    private static final int CONCURRENCY = 6;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dataDir;

    @Test
    void shouldStartReadyStopCleanlyAndRestartWithTheSameSecretsAndEachAcceptedSubscriptionOnceOnTheSameDataDir()
            throws Exception {
        LocalStack.Info first;
        Accepted accepted;
        int httpPort;
        int kafkaPort;
        int postgresPort;
        // given a stack started on an empty data directory
        try (var stack = LocalStack.start(LocalStackSettings.forTest(dataDir, PARTITIONS))) {
            first = stack.info();
            System.out.printf(
                    "local stack cold start: %d ms%n", stack.startDuration().toMillis());

            // then it is UP, with every catalog topic and the billing database
            assertThat(first.coldStart()).isTrue();
            assertThat(get(stack.baseUrl() + "/actuator/health").statusCode()).isEqualTo(200);
            try (var admin =
                    Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers()))) {
                var names = Topics.all().stream()
                        .map(topic -> topic.name(Deployment.DEFAULT))
                        .toList();
                var descriptions = admin.describeTopics(names).allTopicNames().get();
                assertThat(descriptions.keySet()).containsExactlyInAnyOrderElementsOf(names);
                assertThat(descriptions.values())
                        .allSatisfy(description ->
                                assertThat(description.partitions()).hasSize(PARTITIONS));
            }
            try (var connection = DriverManager.getConnection(stack.jdbcUrl(), "billing", "billing")) {
                assertThat(connection.isValid(5)).isTrue();
            }
            assertGroupRunning(stack, "chain-indexer");
            assertGroupRunning(stack, "renewal-scheduler");
            assertThat(stack.adminToken()).hasSizeGreaterThanOrEqualTo(32);
            assertThat(stack.demoTestKey()).startsWith("abk_test_");
            assertThat(stack.demoLiveKey()).startsWith("abk_live_");
            assertThat(stack.dataDir()).isEqualTo(dataDir.toAbsolutePath());
            assertThat(stack.startDuration()).isPositive();
            assertSecretsAccepted(stack);
            httpPort = URI.create(stack.baseUrl()).getPort();
            kafkaPort = URI.create("kafka://" + stack.kafkaBootstrapServers()).getPort();
            postgresPort =
                    URI.create(stack.jdbcUrl().substring("jdbc:".length())).getPort();

            // and it accepted N creates of one merchant
            accepted = acceptCreates(new Api(stack.info()));
        }

        // when it is closed, then nothing listens on its ports any more
        assertThat(FreePorts.isListening(httpPort)).as("gateway port").isFalse();
        assertThat(FreePorts.isListening(kafkaPort)).as("kafka port").isFalse();
        assertThat(FreePorts.isListening(postgresPort)).as("postgres port").isFalse();

        // when it starts again on the same data directory, now with the local chain, it keeps its secrets and its data
        int chainPort;
        try (var stack =
                LocalStack.start(LocalStackSettings.forTest(dataDir, PARTITIONS).withLocalChain(0))) {
            System.out.printf(
                    "local stack warm start with the local chain: %d ms%n",
                    stack.startDuration().toMillis());
            assertThat(stack.info().coldStart()).isFalse();
            assertThat(stack.adminToken()).isEqualTo(first.adminToken());
            assertThat(stack.demoTestKey()).isEqualTo(first.demoTestKey());
            assertThat(stack.demoLiveKey()).isEqualTo(first.demoLiveKey());
            assertThat(get(stack.baseUrl() + "/actuator/health").body()).contains("\"UP\"");
            assertSecretsAccepted(stack);
            assertEachAcceptedSubscriptionOnceAndOneMore(new Api(stack.info()), accepted);
            chainPort = assertTestModeOnTheLocalChain(stack);
        }
        assertThat(FreePorts.isListening(chainPort))
                .as("anvil stopped with the stack")
                .isFalse();
    }

    /** The merchant of the creates before the restart, and each subscription as its create's 201 answered it. */
    private record Accepted(TestMerchant merchant, Map<String, JsonNode> subscriptions) {}

    private static Accepted acceptCreates(Api api) {
        var merchant = api.newMerchant("restart");
        var accepted = new LinkedHashMap<String, JsonNode>();
        for (int batch = 0; batch < N; batch += CONCURRENCY) {
            var replies = IntStream.range(batch, Math.min(N, batch + CONCURRENCY))
                    .mapToObj(i -> api.post(Subscriptions.PATH)
                            .key(merchant.testKey())
                            .json(Subscriptions.adHoc("order-restart-" + i))
                            .sendAsync())
                    .toList();
            for (var reply : replies) {
                var subscription = reply.join().expect(201).json().path("subscription");
                accepted.put(subscription.path("id").asString(), subscription);
            }
        }
        assertThat(accepted).hasSize(N);
        return new Accepted(merchant, accepted);
    }

    /**
     * Listing every page finds each subscription accepted before the restart exactly once and nothing else, a sample
     * reads back exactly as it was created, the change log holds one accepted change per create (nothing was applied
     * twice), and one more create after the restart works like any other and is the only addition.
     */
    private static void assertEachAcceptedSubscriptionOnceAndOneMore(Api api, Accepted before) {
        var key = before.merchant().testKey();
        var merchantId = before.merchant().id();
        var accepted = before.subscriptions();
        var listed = Subscriptions.listAllIds(api, key, 7);
        assertThat(listed).doesNotHaveDuplicates().hasSize(N);
        assertThat(new HashSet<>(listed)).isEqualTo(accepted.keySet());
        var ids = new ArrayList<>(accepted.keySet());
        for (var id : List.of(ids.getFirst(), ids.get(N / 3), ids.get(N / 2), ids.get(2 * N / 3), ids.getLast())) {
            assertThat(Subscriptions.get(api, key, id).expect(200).json()).isEqualTo(accepted.get(id));
        }
        var topics = api.topics();
        var changes = topics.values(Topics.CHANGES, (Change c) -> isSubscriptionChangeOf(c, merchantId));
        assertThat(changes)
                .hasSize(N)
                .allSatisfy(change -> assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED));
        assertThat(changes.stream().map(Change::getAggregateId).distinct())
                .containsExactlyInAnyOrderElementsOf(accepted.keySet());
        assertThat(changes.stream().map(Change::getCommandId).distinct()).hasSize(N);

        var after = Subscriptions.create(api, key, "order-after-restart")
                .at("/subscription/id")
                .asString();
        assertThat(accepted).doesNotContainKey(after);
        var all = Subscriptions.listAllIds(api, key, 100);
        assertThat(all).hasSize(N + 1).doesNotHaveDuplicates().startsWith(after);
        assertThat(topics.values(Topics.CHANGES, (Change c) -> isSubscriptionChangeOf(c, merchantId)))
                .hasSize(N + 1);
        assertThat(topics.values(
                        Topics.SUBSCRIPTION_COMMANDS,
                        (SubscriptionCommand c) ->
                                c.getMerchantId().equals(merchantId) && !Subscriptions.isFinalization(c)))
                .hasSize(N + 1);
    }

    /**
     * anvil answers with chain id 31337, and a test-mode checkout sends the wallet to it and its contracts (not the
     * sandbox), paying the demo merchant at anvil account 2. Returns anvil's port.
     */
    private static int assertTestModeOnTheLocalChain(LocalStack stack) throws Exception {
        var chain = stack.info().localChain().orElseThrow();
        var chainId = send(HttpRequest.newBuilder(URI.create(chain.rpcUrl()))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}")));
        assertThat(JSON.readTree(chainId.body()).path("result").asString()).isEqualTo("0x7a69");

        var created = send(HttpRequest.newBuilder(URI.create(stack.baseUrl() + "/v1/subscriptions"))
                .header("Authorization", "Bearer " + stack.demoTestKey())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"merchantRef\":\"local-chain-1\",\"customerWallet\":\""
                        + chain.customers().getFirst().address() + "\",\"amountUsdc\":10,\"interval\":\"month\"}")));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        var id = JSON.readTree(created.body()).at("/subscription/id").asString();
        var reply = get(stack.baseUrl() + "/checkout/subscribe/" + id + ".json");
        assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
        var session = JSON.readTree(reply.body());
        assertThat(session.path("sandbox").asBoolean(true)).isFalse();
        assertThat(session.path("chainId").asLong()).isEqualTo(31337L);
        assertThat(session.path("network").asString()).isEqualTo("Anvil (local)");
        assertThat(session.path("usdcAddress").asString()).isEqualTo(chain.tokenAddress());
        assertThat(session.path("vaultAddress").asString()).isEqualTo(chain.vaultAddress());
        assertThat(session.path("merchantPayout").asString())
                .as("the payout address follows the chain on an existing data dir")
                .isEqualToIgnoringCase(ChainAccounts.address(ChainAccounts.MERCHANT_PAYOUT));
        return URI.create(chain.rpcUrl()).getPort();
    }

    /**
     * Settlement (chain-indexer) and the scheduler (renewal-scheduler) run in the stack as consumer groups of
     * exactly these names, which the gateway's {@code settlement} and {@code scheduler} health components check.
     */
    private static void assertGroupRunning(LocalStack stack, String groupId) throws Exception {
        try (var admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers()))) {
            var group = admin.describeConsumerGroups(List.of(groupId))
                    .describedGroups()
                    .get(groupId)
                    .get(30, TimeUnit.SECONDS);
            assertThat(group.groupState()).as(groupId + " group").isEqualTo(GroupState.STABLE);
            assertThat(group.members()).as(groupId + " members").isNotEmpty();
        }
    }

    /**
     * The gateway takes the stack's admin token and demo keys (it registers the demo keys with exactly these
     * values). Before the gateway's routes exist these answer 404, never 401/403, so the check holds either way.
     */
    private static void assertSecretsAccepted(LocalStack stack) throws Exception {
        assertThat(get(stack.baseUrl() + "/v1/products", stack.demoTestKey()).statusCode())
                .as("demo test key")
                .isNotIn(401, 403);
        assertThat(get(stack.baseUrl() + "/v1/products", stack.demoLiveKey()).statusCode())
                .as("demo live key")
                .isNotIn(401, 403);
        assertThat(get(stack.baseUrl() + "/admin/v1/audit_log", stack.adminToken())
                        .statusCode())
                .as("admin token")
                .isNotIn(401, 403);
    }

    @Test
    void shouldStopWhatHadStartedAndNameTheCauseWhenTheHttpPortIsTaken() throws Exception {
        // given something already listening on the HTTP port, and a stack that runs the local chain
        try (var taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            var busyPort = taken.getLocalPort();
            var kafkaPort = FreePorts.pick();
            var postgresPort = FreePorts.pick();
            var chainPort = FreePorts.pick();
            var config = new LocalStackSettings(
                    busyPort,
                    null,
                    null,
                    null,
                    dataDir,
                    null,
                    kafkaPort,
                    postgresPort,
                    PARTITIONS,
                    false,
                    null,
                    null,
                    true,
                    true,
                    chainPort,
                    0,
                    "",
                    false,
                    1,
                    LocalStackSettings.DEFAULT_READY_TIMEOUT);

            // when the stack starts, then it fails naming the port
            assertThatThrownBy(() -> LocalStack.start(config))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("api-gateway did not start")
                    .hasMessageContaining(Integer.toString(busyPort));
            // and the local chain, the broker and PostgreSQL it had started are stopped again
            assertThat(FreePorts.isListening(chainPort)).as("anvil port").isFalse();
            assertThat(FreePorts.isListening(kafkaPort)).as("kafka port").isFalse();
            assertThat(FreePorts.isListening(postgresPort)).as("postgres port").isFalse();
        }
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(url)));
    }

    private static HttpResponse<String> get(String url, String bearer) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + bearer));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        try (var http = HttpClient.newHttpClient()) {
            return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /**
     * A change of one of the merchant's subscriptions by a command sent to it from outside (each create also ensures
     * its wallet's customer, a change of the customer aggregate, and its invoice gets its number from the invoice
     * numbering, a FinalizeInvoice the subscription applies a moment later: the counts here leave both out).
     */
    private static boolean isSubscriptionChangeOf(Change change, String merchantId) {
        return change.getMerchantId().equals(merchantId)
                && change.getAggregateType().equals("subscription")
                && !Subscriptions.isFinalization(change);
    }
}
