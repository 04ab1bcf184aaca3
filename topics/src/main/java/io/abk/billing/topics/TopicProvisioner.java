package io.abk.billing.topics;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.topics.ProvisionReport.Entry;
import io.abk.billing.topics.ProvisionReport.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The topics step: makes the broker's topics match the plan, or only says where they differ. It is idempotent, so
 * running it again (every deployment does) changes nothing once the layout is right.
 *
 * <ul>
 *   <li>A missing topic is created with its partitions, replication factor and configs.</li>
 *   <li>A topic config that differs (retention, cleanup policy, {@code min.insync.replicas}, an override) is set to
 *       the planned value.</li>
 *   <li>Partitions are never shrunk (Kafka cannot). Growing them is refused unless asked for: every keyed topic here
 *       maps an aggregate id to a partition, and the Streams state of that id lives in the old partition's store, so
 *       growing is a migration (see docs/operations.md), never a side effect of a changed setting.</li>
 *   <li>A replication factor that differs is reported: changing it is a partition reassignment, an operator's
 *       decision.</li>
 * </ul>
 * After creating topics it waits until every partition has a leader: producing right after creation can otherwise
 * strand a batch until it expires.
 */
public final class TopicProvisioner {

    private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);

    /** Whether to change the broker or only compare. */
    public enum Action {
        APPLY,
        CHECK
    }

    /** How one run behaves; {@code timeout} bounds each admin call and the wait for leaders. */
    public record Options(Action action, boolean growPartitions, Duration timeout) {

        public static Options apply(Duration timeout) {
            return new Options(Action.APPLY, false, timeout);
        }

        public static Options check(Duration timeout) {
            return new Options(Action.CHECK, false, timeout);
        }
    }

    private final Admin admin;
    private final Options options;

    private TopicProvisioner(Admin admin, Options options) {
        this.admin = admin;
        this.options = options;
    }

    /** Runs the step against {@code bootstrapServers} (a plaintext listener) with an admin client of its own. */
    public static ProvisionReport run(String bootstrapServers, List<TopicSpec> plan, Options options) {
        return run(bootstrapServers, KafkaClientSecurity.PLAINTEXT, plan, options);
    }

    /** Runs the step against {@code bootstrapServers} with an admin client of its own that connects with {@code security}. */
    public static ProvisionReport run(
            String bootstrapServers, KafkaClientSecurity security, List<TopicSpec> plan, Options options) {
        var settings = security.with(Map.<String, Object>of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                (int) options.timeout().toMillis()));
        try (var admin = Admin.create(settings)) {
            return run(admin, plan, options);
        }
    }

    public static ProvisionReport run(Admin admin, List<TopicSpec> plan, Options options) {
        try {
            return new TopicProvisioner(admin, options).reconcile(plan);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while provisioning topics", e);
        } catch (ExecutionException | TimeoutException e) {
            var cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("could not read or change the topics: " + cause, cause);
        }
    }

    private ProvisionReport reconcile(List<TopicSpec> plan)
            throws InterruptedException, ExecutionException, TimeoutException {
        var names = plan.stream().map(TopicSpec::name).toList();
        var existing = admin.listTopics().names().get(seconds(), TimeUnit.SECONDS);
        var created = new ArrayList<String>();
        var missingProblems = new HashMap<String, String>();
        var toCreate =
                plan.stream().filter(spec -> !existing.contains(spec.name())).toList();
        if (options.action() == Action.APPLY) {
            created.addAll(create(toCreate));
            // A topic just created may not be described yet (its metadata still spreads to the brokers).
            awaitLeaders(toCreate.stream().map(TopicSpec::name).toList());
        } else {
            toCreate.forEach(spec -> missingProblems.put(spec.name(), "does not exist"));
        }
        var present = names.stream()
                .filter(name -> !missingProblems.containsKey(name))
                .toList();
        var descriptions = present.isEmpty()
                ? Map.<String, TopicDescription>of()
                : admin.describeTopics(present).allTopicNames().get(seconds(), TimeUnit.SECONDS);
        var configs = describeConfigs(present);
        var entries = new ArrayList<Entry>();
        var alterations = new LinkedHashMap<ConfigResource, Collection<AlterConfigOp>>();
        var growth = new LinkedHashMap<String, NewPartitions>();
        for (var spec : plan) {
            if (missingProblems.containsKey(spec.name())) {
                entries.add(new Entry(
                        spec.name(), Outcome.PROBLEM, 0, 0, Map.of(), List.of(missingProblems.get(spec.name()))));
                continue;
            }
            entries.add(compare(
                    spec,
                    described(descriptions, spec.name()),
                    described(configs, spec.name()),
                    created.contains(spec.name()),
                    alterations,
                    growth));
        }
        if (options.action() == Action.APPLY) {
            if (!alterations.isEmpty()) {
                admin.incrementalAlterConfigs(alterations).all().get(seconds(), TimeUnit.SECONDS);
            }
            if (!growth.isEmpty()) {
                admin.createPartitions(growth).all().get(seconds(), TimeUnit.SECONDS);
                awaitLeaders(List.copyOf(growth.keySet()));
            }
        }
        var report = new ProvisionReport(entries);
        log.info(
                "event=topics_{} topics={} created={} updated={} problems={}",
                options.action().name().toLowerCase(),
                names.size(),
                report.topics(Outcome.CREATED).size(),
                report.topics(Outcome.UPDATED).size(),
                report.problems().size());
        return report;
    }

    private List<String> create(List<TopicSpec> specs)
            throws InterruptedException, TimeoutException, ExecutionException {
        var created = new ArrayList<String>();
        if (specs.isEmpty()) {
            return created;
        }
        var topics = specs.stream()
                .map(spec ->
                        new NewTopic(spec.name(), spec.partitions(), spec.replicationFactor()).configs(spec.configs()))
                .toList();
        for (var result : admin.createTopics(topics).values().entrySet()) {
            try {
                result.getValue().get(seconds(), TimeUnit.SECONDS);
                created.add(result.getKey());
            } catch (ExecutionException e) {
                // Another run of the step created it in between: it is compared like any existing topic.
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        }
        return created;
    }

    private Entry compare(
            TopicSpec spec,
            TopicDescription description,
            Config config,
            boolean createdNow,
            Map<ConfigResource, Collection<AlterConfigOp>> alterations,
            Map<String, NewPartitions> growth) {
        var notes = new ArrayList<String>();
        var problem = false;
        var changed = false;
        int partitions = description.partitions().size();
        int replicas = description.partitions().get(0).replicas().size();
        if (partitions > spec.partitions()) {
            problem = true;
            notes.add("has " + partitions + " partitions but the plan says " + spec.partitions()
                    + ": Kafka cannot shrink a topic (set BILLING_PARTITIONS=" + partitions + ")");
        } else if (partitions < spec.partitions()) {
            if (options.action() == Action.APPLY && options.growPartitions()) {
                growth.put(spec.name(), NewPartitions.increaseTo(spec.partitions()));
                changed = true;
                notes.add("partitions " + partitions + " -> " + spec.partitions()
                        + " (keys now map to other partitions)");
                partitions = spec.partitions();
            } else {
                problem = true;
                notes.add("has " + partitions + " partitions but the plan says " + spec.partitions()
                        + ": growing moves keys to other partitions, a migration (docs/operations.md); left as is");
            }
        }
        if (replicas != spec.replicationFactor()) {
            problem = true;
            notes.add("has replication factor " + replicas + " but the plan says " + spec.replicationFactor()
                    + ": change it with a partition reassignment (kafka-reassign-partitions)");
        }
        var actual = new LinkedHashMap<String, String>();
        var ops = new ArrayList<AlterConfigOp>();
        for (var wanted : spec.configs().entrySet()) {
            var entry = config == null ? null : config.get(wanted.getKey());
            var value = entry == null ? null : entry.value();
            if (Objects.equals(value, wanted.getValue())) {
                actual.put(wanted.getKey(), wanted.getValue());
                continue;
            }
            if (options.action() == Action.APPLY) {
                ops.add(new AlterConfigOp(
                        new ConfigEntry(wanted.getKey(), wanted.getValue()), AlterConfigOp.OpType.SET));
                notes.add(wanted.getKey() + " " + value + " -> " + wanted.getValue());
                actual.put(wanted.getKey(), wanted.getValue());
                changed = true;
            } else {
                problem = true;
                notes.add(wanted.getKey() + " is " + value + " but the plan says " + wanted.getValue());
                if (value != null) {
                    actual.put(wanted.getKey(), value);
                }
            }
        }
        if (!ops.isEmpty()) {
            alterations.put(new ConfigResource(ConfigResource.Type.TOPIC, spec.name()), ops);
        }
        var outcome = problem
                ? Outcome.PROBLEM
                : createdNow ? Outcome.CREATED : changed ? Outcome.UPDATED : Outcome.UNCHANGED;
        return new Entry(spec.name(), outcome, partitions, replicas, actual, notes);
    }

    /** What the cluster described of a topic that exists: the broker answers for every topic asked about. */
    private static <T> T described(Map<String, T> descriptions, String topic) {
        return Objects.requireNonNull(descriptions.get(topic), () -> "the cluster did not describe " + topic);
    }

    private Map<String, Config> describeConfigs(List<String> names)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (names.isEmpty()) {
            return Map.of();
        }
        var resources = names.stream()
                .map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name))
                .toList();
        var described = admin.describeConfigs(resources).all().get(seconds(), TimeUnit.SECONDS);
        var out = new HashMap<String, Config>();
        described.forEach((resource, config) -> out.put(resource.name(), config));
        return out;
    }

    private void awaitLeaders(List<String> names) throws InterruptedException {
        if (names.isEmpty()) {
            return;
        }
        var deadline = System.nanoTime() + options.timeout().toNanos();
        var lastProblem = "not described yet";
        while (System.nanoTime() - deadline < 0) {
            try {
                var withoutLeader =
                        admin.describeTopics(names).allTopicNames().get(seconds(), TimeUnit.SECONDS).values().stream()
                                .flatMap(description -> description.partitions().stream()
                                        .filter(partition -> partition.leader() == null
                                                || partition.leader().isEmpty())
                                        .map(partition -> description.name() + "-" + partition.partition()))
                                .toList();
                if (withoutLeader.isEmpty()) {
                    return;
                }
                lastProblem = "partitions without a leader: " + withoutLeader;
            } catch (ExecutionException | TimeoutException e) {
                lastProblem = e.toString();
            }
            // Start-up only, on the broker's metadata: there is nothing to wait on but time.
            Thread.sleep(100);
        }
        throw new IllegalStateException(
                "topics not ready after " + options.timeout().toSeconds() + " s: " + lastProblem);
    }

    private long seconds() {
        return Math.max(1, options.timeout().toSeconds());
    }
}
