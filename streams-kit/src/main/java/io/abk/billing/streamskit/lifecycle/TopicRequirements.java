package io.abk.billing.streamskit.lifecycle;

import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;

/**
 * What a Streams service needs of its topics before Kafka Streams may start: the names of every topic its topology
 * reads or writes (they must exist), and a check of their layout once they do (cleanup policy, co-partitioning),
 * which says in sentences what is wrong. The service itself never creates or changes a topic.
 */
public record TopicRequirements(Set<String> names, LayoutCheck layout) {

    /** Problems with the existing topics' layout; empty when they are fit to start on. */
    @FunctionalInterface
    public interface LayoutCheck {
        List<String> problems(Admin admin) throws Exception;
    }

    public TopicRequirements {
        names = Set.copyOf(names);
    }

    /** Only that the topics exist. */
    public static TopicRequirements existing(Set<String> names) {
        return new TopicRequirements(names, admin -> List.of());
    }
}
