package io.abk.billing.chainrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.abk.billing.localchain.AnvilNode;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.response.EthBlock;

/**
 * The shared JSON-RPC client against a real anvil and against URLs that fail one way each: failover in the configured
 * order, the retry budget, batches in request order, which errors are answers and which move on, and logs that name a
 * URL by its position only.
 */
class RpcClientTest {

    /** Two quick rounds: enough to see a retry, short enough for a unit test. */
    private static final RpcBudget QUICK = new RpcBudget(
            Duration.ofSeconds(5), 2, Duration.ofSeconds(10), Duration.ofMillis(20), Duration.ofMillis(20));

    private static final String SECRET_PATH = "/v2/secret-key-123";
    private static final String SECRET_QUERY = "?apikey=query-key-456";

    private static AnvilNode node;

    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private Level rootLevel;

    @BeforeAll
    static void startAnvil() {
        node = AnvilNode.start();
    }

    @AfterAll
    static void stopAnvil() {
        node.close();
    }

    @BeforeEach
    void captureEveryLog() {
        // Everything any library logs, at debug: a URL must not show up anywhere, not only in this client's lines.
        rootLevel = root.getLevel();
        root.setLevel(Level.DEBUG);
        logs.start();
        root.addAppender(logs);
    }

    @AfterEach
    void stopCapturing() {
        root.detachAppender(logs);
        root.setLevel(rootLevel);
    }

    @Test
    void shouldReadTheHeadAndAnswerABatchInRequestOrderWhenTheChainAnswers() {
        // Given a chain past one batch's worth of blocks
        node.mine(RpcClient.MAX_BATCH + 20);
        try (var rpc = RpcClient.connect("anvil", List.of(node.rpcUrl()), QUICK)) {

            // When the head and every block up to it are read, the blocks in batches of at most MAX_BATCH
            long head = rpc.blockNumber();
            var blocks = rpc.batch(
                    "eth_getBlockByNumber",
                    NodeErrors.FAIL_OVER,
                    (int) head + 1,
                    (web3j, i) ->
                            web3j.ethGetBlockByNumber(DefaultBlockParameter.valueOf(BigInteger.valueOf(i)), false));

            // Then the head is anvil's and the answers come in the order asked
            assertThat(head).isEqualTo(node.blockNumber());
            assertThat(rpc.chainId()).isEqualTo(node.chainId());
            assertThat(blocks)
                    .extracting(
                            answer -> ((EthBlock) answer).getBlock().getNumber().longValueExact())
                    .containsExactlyElementsOf(
                            LongStream.rangeClosed(0, head).boxed().toList());
        }
    }

    @Test
    void shouldMoveToTheNextUrlAndStayThereWhenTheFirstRefusesConnections() throws IOException {
        // Given a first URL nobody listens on
        try (var rpc = RpcClient.connect("anvil", List.of(refusedUrl() + SECRET_PATH, node.rpcUrl()), QUICK)) {

            // When the head is read twice
            rpc.blockNumber();
            rpc.blockNumber();

            // Then the first read failed over once, and the second went straight to the URL that answered
            assertThat(warnings())
                    .singleElement()
                    .satisfies(line -> assertThat(line)
                            .contains(
                                    "event=rpc_call_failed",
                                    "method=eth_blockNumber",
                                    "url=1/2",
                                    "error=ConnectException"));
        }
    }

    @Test
    void shouldFailOverOnRateLimitsAndServerErrorsWhenAnotherUrlAnswers() {
        try (var limited = ScriptedRpc.status(429);
                var broken = ScriptedRpc.status(503);
                var rpc = RpcClient.connect(
                        "anvil", List.of(limited.url(SECRET_PATH), broken.url(SECRET_QUERY), node.rpcUrl()), QUICK)) {

            assertThat(rpc.blockNumber()).isEqualTo(node.blockNumber());

            assertThat(warnings())
                    .hasSize(2)
                    .allSatisfy(line -> assertThat(line).contains("error=ClientConnectionException"));
            assertThat(warnings().get(1)).contains("url=2/3");
        }
    }

    @Test
    void shouldGiveUpAfterTheBudgetsRoundsWithoutEchoingAUrlWhenNoUrlAnswers() throws IOException {
        // Given two URLs with keys in their path and query, neither of which answers
        try (var rpc = RpcClient.connect(
                "Base Sepolia", List.of(refusedUrl() + SECRET_PATH, refusedUrl() + "/rpc" + SECRET_QUERY), QUICK)) {

            // When a call is made, then it fails after two rounds over both URLs
            assertThatThrownBy(rpc::blockNumber)
                    .isInstanceOf(RpcUnavailableException.class)
                    .hasMessage("Base Sepolia did not answer eth_blockNumber at any of its 2 RPC URLs in 2 rounds")
                    .satisfies(e -> assertThat(String.valueOf(e.getCause())).doesNotContain("secret", "key-"));
            assertThat(warnings()).hasSize(4);
        }
        // A URL's path and query carry providers' keys: no log line of any library shows them.
        assertThat(logs.list)
                .allSatisfy(event -> assertThat(event.getFormattedMessage() + event.getThrowableProxy())
                        .doesNotContain("secret-key-123", "query-key-456"));
    }

    @Test
    void shouldThrowTheNodesErrorAtOnceWhenItsErrorsAreAnswers() {
        try (var other = ScriptedRpc.error(-32000, "other node");
                var rpc = RpcClient.connect("anvil", List.of(node.rpcUrl(), other.url("/")), QUICK)) {

            assertThatThrownBy(() -> rpc.raw("no_such_method", List.of(), NodeErrors.THROW))
                    .isInstanceOf(RpcErrorException.class)
                    .hasMessageStartingWith("no_such_method: ");
            assertThat(other.requests())
                    .as("the node's answer is not asked of another URL")
                    .isZero();
            assertThat(warnings()).isEmpty();
        }
    }

    @Test
    void shouldMoveOnFromANodesErrorWhenItCountsAsTheUrlFailing() {
        try (var lagging = ScriptedRpc.error(-32000, "header not found");
                var rpc = RpcClient.connect("anvil", List.of(lagging.url("/"), node.rpcUrl()), QUICK)) {

            assertThat(rpc.blockNumber()).isEqualTo(node.blockNumber());

            assertThat(warnings())
                    .singleElement()
                    .satisfies(line ->
                            assertThat(line).contains("url=1/2", "json_rpc_error code=-32000", "header not found"));
        }
    }

    @Test
    void shouldThrowRangeRefusedWhenAProviderRefusesALogRange() {
        try (var provider = ScriptedRpc.error(-32005, "query returned more than 10000 results");
                var rpc = RpcClient.connect("anvil", List.of(provider.url(SECRET_PATH), node.rpcUrl()), QUICK)) {

            assertThatThrownBy(() -> rangeQuery(rpc))
                    .isInstanceOf(RpcRangeRefusedException.class)
                    .hasMessageContaining("url=1/2")
                    .hasMessageNotContaining("secret");
        }
    }

    @Test
    void shouldThrowRangeRefusedAndMoveOnWhenALogRangeTimesOut() {
        var budget = new RpcBudget(Duration.ofMillis(300), 1, Duration.ofSeconds(5), Duration.ZERO, Duration.ZERO);
        try (var stuck = ScriptedRpc.slow(Duration.ofSeconds(2));
                var rpc = RpcClient.connect("anvil", List.of(stuck.url("/"), node.rpcUrl()), budget)) {

            assertThatThrownBy(() -> rangeQuery(rpc))
                    .isInstanceOf(RpcRangeRefusedException.class)
                    .hasMessageContaining("timed out at url=1/2");
            // The refused range moved the client on: the next call starts at the URL after the stuck one.
            assertThat(rpc.blockNumber()).isEqualTo(node.blockNumber());
            assertThat(stuck.requests()).isEqualTo(1);
        }
    }

    /** A call made as the follower makes its eth_getLogs: a refused range is thrown, not failed over. */
    private static String rangeQuery(RpcClient rpc) {
        return rpc.call(
                "eth_getLogs",
                NodeErrors.RANGE_REFUSAL,
                web3j -> RpcClient.result("eth_getLogs", web3j.ethBlockNumber().send()));
    }

    private List<String> warnings() {
        return logs.list.stream()
                .filter(event -> event.getLoggerName().equals(RpcClient.class.getName()))
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
    }

    /** A local URL that refuses connections: a port that was free a moment ago. */
    private static String refusedUrl() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }
    }
}
