package io.abk.billing.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.topics.TopicProvisioner.Options;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a service says at start about its topics, against a real broker. */
class TopicLayoutIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path logDir;

    @Test
    void shouldNameMissingTopicsWrongCleanupPoliciesAndUnequalPartitionCounts() throws Exception {
        try (var broker = TestBroker.start(logDir);
                var admin = broker.admin()) {
            var layout = TopicLayout.of(
                            Deployment.DEFAULT,
                            List.of(
                                    Topics.CHAIN_REQUESTS,
                                    Topics.CHAIN_RESULTS,
                                    Topics.TEST_CLOCKS,
                                    Topics.CHAIN_WATCHED_ADDRESSES))
                    .coPartitioned(List.of(Topics.CHAIN_REQUESTS, Topics.CHAIN_RESULTS));
            TopicProvisioner.run(
                    admin,
                    List.of(
                            new TopicSpec(
                                    Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT),
                                    3,
                                    (short) 1,
                                    Topics.CHAIN_REQUESTS.configs()),
                            new TopicSpec(
                                    Topics.CHAIN_RESULTS.name(Deployment.DEFAULT),
                                    2,
                                    (short) 1,
                                    Topics.CHAIN_RESULTS.configs()),
                            // a compacted topic created with the delete policy loses its state once retention passes
                            new TopicSpec(
                                    Topics.TEST_CLOCKS.name(Deployment.DEFAULT),
                                    1,
                                    (short) 1,
                                    Map.of("cleanup.policy", "delete"))),
                    Options.apply(TIMEOUT));

            var problems = layout.problems(admin);

            assertThat(problems)
                    .containsExactly(
                            "missing topics [chain.watched-addresses]: run the topics step (./billing topics, or the topics container)",
                            "topic billing.test-clocks has cleanup.policy=delete but must be compact",
                            "topics [chain.requests, chain.results] must have the same number of partitions, have"
                                    + " {chain.requests=3, chain.results=2}");
        }
    }

    @Test
    void shouldFindNothingWrongOnceTheTopicsStepRan() throws Exception {
        try (var broker = TestBroker.start(logDir);
                var admin = broker.admin()) {
            TopicProvisioner.run(
                    admin,
                    TopicsSettings.singleBroker(broker.bootstrapServers(), 2).plan(),
                    Options.apply(TIMEOUT));

            assertThat(TopicLayout.of(Deployment.DEFAULT, Topics.all())
                            .coPartitioned(List.of(Topics.CHAIN_REQUESTS, Topics.CHAIN_RESULTS))
                            .problems(admin))
                    .isEmpty();
        }
    }
}
