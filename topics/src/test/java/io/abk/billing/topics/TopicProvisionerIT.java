package io.abk.billing.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.topics.ProvisionReport.Outcome;
import io.abk.billing.topics.TopicProvisioner.Action;
import io.abk.billing.topics.TopicProvisioner.Options;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topics step against a real broker: it creates, converges and refuses exactly as its contract says. */
class TopicProvisionerIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    static Path logDir;

    static TestBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start(logDir);
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void shouldCreateEveryTopicOnceAndChangeNothingWhenRunAgain() {
        var plan = TopicsSettings.singleBroker(broker.bootstrapServers(), 2).plan();

        var first = TopicProvisioner.run(broker.bootstrapServers(), plan, Options.apply(TIMEOUT));
        var second = TopicProvisioner.run(broker.bootstrapServers(), plan, Options.apply(TIMEOUT));
        var check = TopicProvisioner.run(broker.bootstrapServers(), plan, Options.check(TIMEOUT));

        assertThat(first.ok()).as(first.format()).isTrue();
        assertThat(first.topics(Outcome.CREATED)).hasSize(plan.size());
        assertThat(second.topics(Outcome.UNCHANGED)).hasSize(plan.size());
        assertThat(check.ok()).as(check.format()).isTrue();
        assertThat(first.entries())
                .filteredOn(entry -> entry.topic().equals(Topics.TEST_CLOCKS.name(Deployment.DEFAULT)))
                .singleElement()
                .satisfies(entry -> assertThat(entry.configs()).containsEntry("cleanup.policy", "compact"));
    }

    @Test
    void shouldSetAConfigThatDiffersAndReportItInCheckMode() throws Exception {
        var name = "provisioner-it.retention";
        var old = new TopicSpec(name, 2, (short) 1, Map.of("cleanup.policy", "delete", "retention.ms", "60000"));
        var wanted = new TopicSpec(name, 2, (short) 1, Map.of("cleanup.policy", "delete", "retention.ms", "120000"));
        TopicProvisioner.run(broker.bootstrapServers(), List.of(old), Options.apply(TIMEOUT));

        var check = TopicProvisioner.run(broker.bootstrapServers(), List.of(wanted), Options.check(TIMEOUT));
        var apply = TopicProvisioner.run(broker.bootstrapServers(), List.of(wanted), Options.apply(TIMEOUT));

        assertThat(check.problems()).containsExactly(name + ": retention.ms is 60000 but the plan says 120000");
        assertThat(apply.topics(Outcome.UPDATED)).containsExactly(name);
        assertThat(apply.entries().getFirst().notes()).containsExactly("retention.ms 60000 -> 120000");
        try (var admin = broker.admin()) {
            var config = admin.describeConfigs(List.of(new ConfigResource(ConfigResource.Type.TOPIC, name)))
                    .all()
                    .get()
                    .values()
                    .iterator()
                    .next();
            assertThat(config.get("retention.ms").value()).isEqualTo("120000");
        }
    }

    @Test
    void shouldNeverShrinkAndGrowOnlyWhenAsked() {
        var name = "provisioner-it.partitions";
        var configs = Map.of("cleanup.policy", "delete");
        TopicProvisioner.run(
                broker.bootstrapServers(), List.of(new TopicSpec(name, 3, (short) 1, configs)), Options.apply(TIMEOUT));

        var shrink = TopicProvisioner.run(
                broker.bootstrapServers(), List.of(new TopicSpec(name, 2, (short) 1, configs)), Options.apply(TIMEOUT));
        var growUnasked = TopicProvisioner.run(
                broker.bootstrapServers(), List.of(new TopicSpec(name, 4, (short) 1, configs)), Options.apply(TIMEOUT));
        var grow = TopicProvisioner.run(
                broker.bootstrapServers(),
                List.of(new TopicSpec(name, 4, (short) 1, configs)),
                new Options(Action.APPLY, true, TIMEOUT));

        assertThat(shrink.problems())
                .singleElement()
                .asString()
                .contains("has 3 partitions but the plan says 2")
                .contains("cannot shrink");
        assertThat(growUnasked.problems()).singleElement().asString().contains("growing moves keys");
        assertThat(grow.ok()).isTrue();
        assertThat(grow.entries().getFirst().partitions()).isEqualTo(4);
        var again = TopicProvisioner.run(
                broker.bootstrapServers(), List.of(new TopicSpec(name, 4, (short) 1, configs)), Options.check(TIMEOUT));
        assertThat(again.ok()).as(again.format()).isTrue();
    }

    @Test
    void shouldReportMissingTopicsAndAReplicationFactorItCannotChange() {
        var missing = new TopicSpec("provisioner-it.missing", 1, (short) 1, Map.of());
        var name = "provisioner-it.replicas";
        TopicProvisioner.run(
                broker.bootstrapServers(),
                List.of(new TopicSpec(name, 1, (short) 1, Map.of())),
                Options.apply(TIMEOUT));

        var check = TopicProvisioner.run(
                broker.bootstrapServers(),
                List.of(missing, new TopicSpec(name, 1, (short) 3, Map.of())),
                Options.check(TIMEOUT));

        assertThat(check.problems())
                .containsExactly(
                        "provisioner-it.missing: does not exist",
                        name + ": has replication factor 1 but the plan says 3: change it with a partition reassignment"
                                + " (kafka-reassign-partitions)");
    }
}
