package io.abk.billing.streamskit.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Static group membership ({@code group.instance.id}) for a Streams instance, with an id kept in its state directory.
 *
 * <p>Why: an instance that crashed (SIGKILL, OOM) stays a member of its group until its session expires, so the same
 * instance started again waits that long (10 s) in REBALANCING before any task is assigned. A static member that
 * joins again with its instance id takes its old place at once.
 *
 * <p>Why the state directory: the id must be stable across restarts of one instance and differ between instances,
 * which is exactly what a state directory is (Kafka Streams refuses two running instances on one). A new state
 * directory (a new replica, a wiped volume) is a new member, and the old one leaves when its session expires, as
 * without static membership. A clean close still leaves the group at once ({@link StreamsApp#close()}).
 */
final class StaticMembership {

    static final String FILE = "group-instance-id";

    private StaticMembership() {}

    /**
     * A copy of {@code props} with {@code group.instance.id} set from the id in the state directory (created there on
     * first use), unless one is set already. Kafka Streams appends each stream thread's index to it.
     */
    static Properties withInstanceId(Properties props) {
        if (props.containsKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG)
                || props.containsKey(StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))
                || props.containsKey(StreamsConfig.consumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))) {
            return props;
        }
        var stateDir = props.getProperty(StreamsConfig.STATE_DIR_CONFIG);
        var applicationId = props.getProperty(StreamsConfig.APPLICATION_ID_CONFIG);
        if (stateDir == null || applicationId == null) {
            return props;
        }
        var copy = new Properties();
        copy.putAll(props);
        copy.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, applicationId + "-" + instanceId(Path.of(stateDir)));
        return copy;
    }

    /** The id stored in {@code stateDir}, created there when absent. */
    static String instanceId(Path stateDir) {
        var file = stateDir.resolve(FILE);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(stateDir);
                var fresh = UUID.randomUUID().toString().substring(0, 8);
                try {
                    Files.writeString(file, fresh + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
                } catch (FileAlreadyExistsException raced) {
                    // Another start wrote it first: its id is the one.
                }
            }
            var stored = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (stored.isEmpty()) {
                // A crash while it was first written: nobody can have joined with it yet.
                stored = UUID.randomUUID().toString().substring(0, 8);
                Files.writeString(file, stored + "\n", StandardCharsets.UTF_8);
            }
            return stored;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the group instance id in " + file + ": " + e.getMessage(), e);
        }
    }
}
