package io.abk.billing.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.kafkatestkit.ChildJvm;
import io.abk.billing.kafkatestkit.TestBroker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * chain-indexer run as its own process ({@link ChainIndexerApp#main}) when it cannot work: it must end with a
 * non-zero status and a line saying why, never wait silently. The broker has none of its topics.
 */
class ChainIndexerProcessIT {

    /** Far more than the start needs, far less than "forever". */
    private static final long DEADLINE_SECONDS = 90;

    @TempDir
    static Path dir;

    private static TestBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void shouldExitWithStatusOneNamingTheMissingTopicsWhenTheyNeverAppear() throws Exception {
        var env = env("missing-topics");
        env.put("BILLING_TOPICS_WAIT_TIMEOUT_MS", "3000");

        var exit = run(env, "missing-topics");

        assertThat(exit.status()).as(exit.output()).isEqualTo(1);
        assertThat(exit.output())
                .contains("chain-indexer: failed to start")
                .contains("its topics were not ready within")
                .contains("missing topics [")
                .contains("chain.requests")
                .contains("chain.indexer-dlt");
    }

    @Test
    void shouldExitWithStatusTwoNamingTheVariableWhenASettingIsUnusable() throws Exception {
        var env = env("bad-commit-interval");
        env.put("BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS", "0");

        var exit = run(env, "bad-commit-interval");

        assertThat(exit.status()).as(exit.output()).isEqualTo(2);
        assertThat(exit.output())
                .contains("chain-indexer: invalid configuration: "
                        + "BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS must be positive, was 0");
    }

    @Test
    void shouldExitWithStatusTwoWhenTheTopicsWaitIsNotANumber() throws Exception {
        var env = env("bad-topics-wait");
        env.put("BILLING_TOPICS_WAIT_TIMEOUT_MS", "soon");

        var exit = run(env, "bad-topics-wait");

        assertThat(exit.status()).as(exit.output()).isEqualTo(2);
        assertThat(exit.output())
                .contains("chain-indexer: invalid configuration: "
                        + "BILLING_TOPICS_WAIT_TIMEOUT_MS must be a whole number, was 'soon'");
    }

    private record Exit(int status, String output) {}

    private static Map<String, String> env(String name) {
        var env = new HashMap<String, String>();
        // The listener that takes only clients who log in: the process's topics check and lag reader read their
        // security settings from its environment, or they never see the topics that do exist.
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", broker.saslBootstrapServers());
        env.putAll(TestBroker.saslClientEnvironment());
        env.put("BILLING_CHAIN_INDEXER_APPLICATION_ID", "chain-indexer-" + name);
        env.put("BILLING_CHAIN_INDEXER_STATE_DIR", dir.resolve(name).toString());
        env.put("BILLING_MANAGEMENT_PORT", Integer.toString(TestBroker.freePort()));
        return env;
    }

    private static Exit run(Map<String, String> env, String name) throws IOException, InterruptedException {
        var output = dir.resolve(name + ".log");
        var process = ChildJvm.start(ChainIndexerApp.class, env, output);
        try {
            var ended = process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS);
            assertThat(ended)
                    .as(
                            "chain-indexer still running after %d s; its output:%n%s",
                            DEADLINE_SECONDS, Files.readString(output, StandardCharsets.UTF_8))
                    .isTrue();
            return new Exit(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }
}
