package io.abk.billing.topics;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

/**
 * What a service needs of its topics before it starts: each exists, has the cleanup policy the catalog declares (a
 * compacted topic left on delete loses state; a delete topic compacted loses records), and the topics it relies on
 * being co-partitioned have one partition count. A service does not create topics (the topics step does); it says
 * exactly what is missing or wrong instead. The topics are the deployment's: named as {@link Deployment} names them.
 */
public final class TopicLayout {

    private static final long CALL_SECONDS = 10;

    private final Deployment deployment;
    private final List<Topic<?, ?>> topics;
    private final List<Topic<?, ?>> coPartitioned;

    private TopicLayout(Deployment deployment, List<Topic<?, ?>> topics, List<Topic<?, ?>> coPartitioned) {
        this.deployment = deployment;
        this.topics = List.copyOf(topics);
        this.coPartitioned = List.copyOf(coPartitioned);
    }

    /** What a service of {@code deployment} needs: {@code topics}, as that deployment names them. */
    public static TopicLayout of(Deployment deployment, Collection<? extends Topic<?, ?>> topics) {
        return new TopicLayout(deployment, new ArrayList<>(topics), List.of());
    }

    /**
     * The same layout, with {@code together} required to have equal partition counts: records of one key meet in
     * the same partition number of each (a request and its result, say).
     */
    public TopicLayout coPartitioned(Collection<? extends Topic<?, ?>> together) {
        return new TopicLayout(deployment, topics, new ArrayList<>(together));
    }

    public Set<String> names() {
        var names = new LinkedHashSet<String>();
        topics.forEach(topic -> names.add(topic.name(deployment)));
        coPartitioned.forEach(topic -> names.add(topic.name(deployment)));
        return names;
    }

    /**
     * Every way the broker's topics differ from what the service needs, one sentence each; empty when the service
     * can start. A topic that does not exist is reported as such and not checked further.
     */
    public List<String> problems(Admin admin) throws Exception {
        var existing = admin.listTopics().names().get(CALL_SECONDS, TimeUnit.SECONDS);
        var problems = new ArrayList<String>();
        var missing = new TreeSet<>(names());
        missing.removeAll(existing);
        if (!missing.isEmpty()) {
            problems.add(
                    "missing topics " + missing + ": run the topics step (./billing topics, or the topics container)");
        }
        var present = names().stream().filter(existing::contains).toList();
        if (present.isEmpty()) {
            return problems;
        }
        var resources = present.stream()
                .map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name))
                .toList();
        var configs = admin.describeConfigs(resources).all().get(CALL_SECONDS, TimeUnit.SECONDS);
        for (var topic : topics) {
            var name = topic.name(deployment);
            var config = configs.get(new ConfigResource(ConfigResource.Type.TOPIC, name));
            if (config == null) {
                continue;
            }
            var wanted = topic.configs().get(TopicConfig.CLEANUP_POLICY_CONFIG);
            var entry = config.get(TopicConfig.CLEANUP_POLICY_CONFIG);
            var actual = entry == null ? null : entry.value();
            if (wanted != null && !wanted.equals(actual)) {
                problems.add("topic " + name + " has cleanup.policy=" + actual + " but must be " + wanted);
            }
        }
        var together = coPartitioned.stream()
                .map(topic -> topic.name(deployment))
                .filter(existing::contains)
                .toList();
        if (together.size() > 1) {
            var counts = new TreeMap<String, Integer>();
            admin.describeTopics(together)
                    .allTopicNames()
                    .get(CALL_SECONDS, TimeUnit.SECONDS)
                    .forEach((name, description) ->
                            counts.put(name, description.partitions().size()));
            if (counts.values().stream().distinct().count() > 1) {
                problems.add("topics " + counts.keySet() + " must have the same number of partitions, have " + counts);
            }
        }
        return problems;
    }
}
