package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.processes.ServiceProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;

/**
 * The consumer groups of a stack whose services run as processes, read as an operator would with the admin client:
 * who is a member, and which partitions each member owns.
 */
final class ProcessGroups implements AutoCloseable {

    /** The groups each kind of service consumes in (its Streams application ids, the projector's, the sender's). */
    static final Map<ServiceKind, List<String>> GROUPS = Map.of(
            ServiceKind.BILLING_STREAMS, List.of("billing-streams", "billing-streams-usage"),
            ServiceKind.CHAIN_INDEXER, List.of("chain-indexer"),
            ServiceKind.RENEWAL_SCHEDULER, List.of("renewal-scheduler"),
            ServiceKind.USDT_VERIFIER, List.of("usdt-verifier"),
            ServiceKind.API_GATEWAY, List.of("billing-gateway-projector"),
            ServiceKind.WEBHOOK_SENDER, List.of("webhook-sender", "webhook-sender-fanout"));
    /** The file in a Streams process's state directory that holds its static group identity (streams-kit). */
    private static final String INSTANCE_ID_FILE = "group-instance-id";

    private final Admin admin;
    private final Path stateRoot;

    /** @param stateRoot the directory under which each Streams process keeps its state, one directory per name */
    ProcessGroups(String bootstrapServers, Path stateRoot) {
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
        this.stateRoot = stateRoot;
    }

    /** Waits until each group has at least {@code replicas} members and every member owns partitions. */
    void awaitEveryMemberHasPartitions(int replicas, Duration limit) {
        await().atMost(limit).ignoreExceptions().untilAsserted(() -> {
            for (var entry : members(allGroups()).entrySet()) {
                var group = entry.getKey();
                assertThat(entry.getValue()).as(group + " members").hasSizeGreaterThanOrEqualTo(replicas);
                assertThat(entry.getValue())
                        .as(group + ": every member owns partitions")
                        .allSatisfy(member -> assertThat(member.assignment().topicPartitions())
                                .isNotEmpty());
            }
        });
    }

    /** How many members each group has now. */
    Map<String, Integer> memberCounts() throws Exception {
        var counts = new TreeMap<String, Integer>();
        members(allGroups()).forEach((group, members) -> counts.put(group, members.size()));
        return counts;
    }

    /**
     * Waits until {@code process} is a member of its groups again and owns partitions there. A Streams process is
     * found by the static identity kept in its state directory, a gateway's projector by its process name; the
     * webhook sender's members carry no identity, so each of its groups must have its {@code counts} of members
     * again, every one owning partitions.
     */
    void awaitHoldsPartitions(ServiceProcess process, Map<String, Integer> counts, Duration limit) {
        await().atMost(limit).ignoreExceptions().untilAsserted(() -> {
            for (var entry : members(GROUPS.get(process.kind())).entrySet()) {
                var mine = switch (process.kind()) {
                    case API_GATEWAY ->
                        entry.getValue().stream()
                                .filter(member -> member.groupInstanceId().equals(Optional.of(process.name())));
                    case WEBHOOK_SENDER -> {
                        assertThat(entry.getValue())
                                .as(entry.getKey() + " members")
                                .hasSize(counts.get(entry.getKey()));
                        yield entry.getValue().stream();
                    }
                    default -> {
                        var prefix = entry.getKey() + "-" + instanceId(process) + "-";
                        yield entry.getValue().stream()
                                .filter(member -> member.groupInstanceId()
                                        .map(id -> id.startsWith(prefix))
                                        .orElse(false));
                    }
                };
                assertThat(mine.toList())
                        .as(process.name() + " in " + entry.getKey())
                        .isNotEmpty()
                        .allSatisfy(member -> assertThat(member.assignment().topicPartitions())
                                .isNotEmpty());
            }
        });
    }

    private String instanceId(ServiceProcess process) {
        try {
            return Files.readString(stateRoot.resolve(process.name()).resolve(INSTANCE_ID_FILE), StandardCharsets.UTF_8)
                    .strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> allGroups() {
        return GROUPS.values().stream().flatMap(List::stream).sorted().toList();
    }

    private Map<String, List<MemberDescription>> members(List<String> groups) throws Exception {
        var members = new TreeMap<String, List<MemberDescription>>();
        admin.describeConsumerGroups(groups)
                .all()
                .get()
                .forEach((group, description) -> members.put(group, List.copyOf(description.members())));
        return members;
    }

    @Override
    public void close() {
        admin.close();
    }
}
