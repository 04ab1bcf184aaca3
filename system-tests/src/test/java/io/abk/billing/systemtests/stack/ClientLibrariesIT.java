package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.Erc20Abi;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Each client library's scenario against the real stack with its local chain: a merchant with a payout on the chain and
 * its test key, and the {@link ScenarioHarness} that pays checkouts, receives webhooks and cuts an answer. The Java
 * scenario runs in this JVM; the TypeScript one ({@code npm run test:stack} in sdk/typescript) as a child process given
 * the same {@link ScenarioEnv} as environment variables.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
@Execution(ExecutionMode.SAME_THREAD)
class ClientLibrariesIT {

    /**
     * The TypeScript scenario's own limit: a few checkouts settled on chain (one of them the metered subscription's,
     * whose usage it then awaits), plus Node's start.
     */
    private static final Duration TYPESCRIPT_LIMIT = Duration.ofMinutes(4);
    /** Lines of the scenario's log shown when it fails. */
    private static final int LOG_TAIL = 80;

    private static Api api;
    private static TestMerchant merchant;
    private static ScenarioHarness harness;

    @BeforeAll
    static void merchantAndHarness(Api stackApi, TestChain chain) {
        api = stackApi;
        // a payout that approved the vault, so the scenarios' refunds can be taken back from it on chain
        var payout = chain.newWallet("0");
        chain.send(
                payout,
                chain.info().tokenAddress(),
                Erc20Abi.approve(chain.info().vaultAddress(), Erc20Abi.UNLIMITED));
        merchant = api.newMerchant("client libraries", payout.address());
        harness = ScenarioHarness.start(api, chain);
    }

    @AfterAll
    static void closeHarness() {
        if (harness != null) {
            harness.close();
        }
    }

    @Test
    void shouldRunTheJavaScenarioAgainstTheStack() {
        var cutsBefore = harness.cuts();

        JavaClientScenario.run(harness.env(merchant.testKey(), "java"));

        assertThat(harness.cuts()).as("answers the proxy dropped").isEqualTo(cutsBefore + 1);
    }

    @Test
    void shouldRunTheTypeScriptScenarioAgainstTheStack() throws IOException, InterruptedException {
        var sdk = repositoryRoot().resolve("sdk/typescript");
        assertThat(sdk.resolve("package.json"))
                .as("the TypeScript library, whose test:stack script runs its scenario")
                .isRegularFile();
        var log = Path.of("target", "client-libraries-typescript.log").toAbsolutePath();
        Files.createDirectories(log.getParent());
        var builder = new ProcessBuilder("npm", "run", "test:stack")
                .directory(sdk.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        var environment = builder.environment();
        environment.keySet().retainAll(Set.of("PATH", "HOME"));
        environment.putAll(harness.env(merchant.testKey(), "typescript").environment());
        var started = System.nanoTime();
        var process = builder.start();
        process.getOutputStream().close();

        var finished = process.waitFor(TYPESCRIPT_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        System.out.printf(
                "TypeScript scenario: %s in %d ms%n",
                finished ? "exit " + process.exitValue() : "stopped",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));

        assertThat(finished)
                .as("npm run test:stack ended within %s; its log's tail:%n%s", TYPESCRIPT_LIMIT, tail(log))
                .isTrue();
        assertThat(process.exitValue())
                .as("npm run test:stack exit code; its log's tail:%n%s", tail(log))
                .isZero();
    }

    @Test
    void shouldRecordWebhooksInOrderAndRefuseToPayWhatNamesNoPayableCheckout() throws Exception {
        var http = HttpClient.newHttpClient();
        var base = harness.url();

        // when a request reaches the webhook receiver
        var hook = http.send(
                HttpRequest.newBuilder(URI.create(base + "/hooks/probe?x=1"))
                        .header("X-Probe", "one")
                        .POST(BodyPublishers.ofString("{\"amountUsdc\":1.10}"))
                        .build(),
                BodyHandlers.ofString());

        // then it is answered 204 and listed with its path, headers and exact body, and not after its own number
        assertThat(hook.statusCode()).isEqualTo(204);
        var probes = deliveries(http, 0, "/hooks/probe");
        assertThat(probes).hasSize(1);
        var probe = probes.getFirst();
        assertThat(probe.path("body").asString()).isEqualTo("{\"amountUsdc\":1.10}");
        assertThat(probe.at("/headers/x-probe").asString()).isEqualTo("one");
        assertThat(deliveries(http, probe.path("seq").asLong(), "/hooks/probe")).isEmpty();
        assertThat(deliveries(http, probe.path("seq").asLong() - 1, "/hooks/probe"))
                .hasSize(1);

        // and a checkout URL that names no page, or an unknown one, is refused without paying
        assertThat(pay(http, "not a checkout").statusCode()).isEqualTo(400);
        var unknown = pay(http, api.info().baseUrl() + "/checkout/subscribe/sub_unknown");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(Json.parse(unknown.body()).path("error").asString()).isNotEmpty();
    }

    private static List<JsonNode> deliveries(HttpClient http, long after, String path) throws Exception {
        var answer = http.send(
                HttpRequest.newBuilder(URI.create(harness.url() + "/webhooks?after=" + after))
                        .build(),
                BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        return Json.parse(answer.body())
                .path("deliveries")
                .valueStream()
                .filter(delivery -> path.equals(delivery.path("path").asString()))
                .toList();
    }

    private static HttpResponse<String> pay(HttpClient http, String checkoutUrl) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(harness.url() + "/pay"))
                        .POST(BodyPublishers.ofString(Json.write(Map.of("checkoutUrl", checkoutUrl))))
                        .build(),
                BodyHandlers.ofString());
    }

    /** The repository's root: the parent of this module's directory, where the build runs the tests. */
    private static Path repositoryRoot() {
        var module = Path.of("").toAbsolutePath();
        assertThat(module.resolve("../pom.xml"))
                .as("system-tests' parent project")
                .isRegularFile();
        return module.getParent();
    }

    private static String tail(Path log) {
        try {
            var lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
