package io.abk.billing.localstack.topics;

import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates every topic of the catalog ({@link Topics#all()}) that the broker does not have yet, with the
 * configured partition count, one replica and the topic's own configs; existing topics are left as they are.
 * Then it waits until every partition has a leader: producing right after {@code createTopics} can otherwise
 * leave a batch unsent until it expires (TOOLCHAIN's known flake).
 */
public final class TopicCreator {

    private static final Logger log = LoggerFactory.getLogger(TopicCreator.class);
    private static final short REPLICATION = 1;
    private static final long CALL_TIMEOUT_SECONDS = 30;

    private TopicCreator() {
    }

    /**
     * Provisions the catalog's topics on {@code bootstrapServers}.
     *
     * @return the names of the topics created now (empty on a warm start)
     */
    public static List<String> ensureTopics(String bootstrapServers, int partitions, Duration timeout) {
        return ensureTopics(bootstrapServers, Topics.all(), partitions, timeout);
    }

    /** Provisions {@code topics} on {@code bootstrapServers}; see {@link #ensureTopics(String, int, Duration)}. */
    public static List<String> ensureTopics(String bootstrapServers, List<Topic<?, ?>> topics, int partitions, Duration timeout) {
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            var existing = admin.listTopics().names().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            var missing = topics.stream()
                    .filter(topic -> !existing.contains(topic.name()))
                    .map(topic -> new NewTopic(topic.name(), partitions, REPLICATION).configs(topic.configs()))
                    .toList();
            var created = new ArrayList<String>();
            for (var entry : admin.createTopics(missing).values().entrySet()) {
                try {
                    entry.getValue().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    created.add(entry.getKey());
                } catch (ExecutionException e) {
                    // Another starter created it in between: what matters is that it exists.
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                }
            }
            var names = topics.stream().map(Topic::name).toList();
            awaitLeaders(admin, names, timeout);
            warnOnPartitionDrift(admin, names, partitions);
            log.info("topics ready count={} created={} partitions={}", names.size(), created.size(), partitions);
            return List.copyOf(created);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not create the catalog topics on " + bootstrapServers + ": " + e.getMessage(), e);
        }
    }

    private static void awaitLeaders(Admin admin, List<String> names, Duration timeout) {
        var deadline = Deadline.in(timeout);
        var lastProblem = new AtomicReference<>("not described yet");
        deadline.poll(Duration.ofMillis(100), () -> {
            try {
                var withoutLeader = describe(admin, names).values().stream()
                        .flatMap(description -> description.partitions().stream()
                                .filter(partition -> partition.leader() == null || partition.leader().isEmpty())
                                .map(partition -> description.name() + "-" + partition.partition()))
                        .toList();
                lastProblem.set("partitions without a leader: " + withoutLeader);
                return withoutLeader.isEmpty() ? Optional.of(true) : Optional.empty();
            } catch (Exception e) {
                lastProblem.set(e.toString());
                return Optional.empty();
            }
        }).orElseThrow(() -> new IllegalStateException("topics not ready after " + timeout.toSeconds() + " s: " + lastProblem.get()));
    }

    private static void warnOnPartitionDrift(Admin admin, List<String> names, int partitions)
            throws InterruptedException, ExecutionException, TimeoutException {
        describe(admin, names).values().stream()
                .filter(description -> description.partitions().size() != partitions)
                .forEach(description -> log.warn("topic={} has partitions={} but BILLING_PARTITIONS={}; left as is",
                        description.name(), description.partitions().size(), partitions));
    }

    private static Map<String, TopicDescription> describe(Admin admin, List<String> names)
            throws InterruptedException, ExecutionException, TimeoutException {
        return admin.describeTopics(names).allTopicNames().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
}
