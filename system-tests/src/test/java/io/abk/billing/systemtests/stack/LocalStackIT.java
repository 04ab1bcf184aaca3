package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import io.abk.billing.localstack.chain.ChainAccounts;
import io.abk.billing.localstack.lifecycle.FreePorts;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.GroupState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole stack in one process: starts on free ports, reports UP, serves the catalog topics and the billing
 * database, runs settlement and the scheduler, stops cleanly (every port released), and starts again on the same data directory with the same
 * secrets, this time with the local chain ({@code BILLING_LOCAL_CHAIN=anvil}), which moves test mode out of the sandbox.
 * One test, because each start of the whole stack costs many seconds on a 2-core machine.
 */
class LocalStackIT {

    private static final int PARTITIONS = 2;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dataDir;

    @Test
    void shouldStartReadyAndStopCleanlyAndRestartWithTheSameSecretsWhenGivenTheSameDataDir() throws Exception {
        LocalStack.Info first;
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
            chainPort = assertTestModeOnTheLocalChain(stack);
        }
        assertThat(FreePorts.isListening(chainPort))
                .as("anvil stopped with the stack")
                .isFalse();
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
}
