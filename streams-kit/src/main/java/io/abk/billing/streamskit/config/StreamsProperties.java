package io.abk.billing.streamskit.config;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;

/**
 * The Kafka Streams settings every billing Streams service runs with: exactly-once, explicitly named internal
 * resources, and polling and batching tuned so a record's output becomes visible within about one commit interval,
 * since an HTTP request of the gateway waits for it (the project's budget is 200 ms at p99). Each service adds its
 * own exception handlers, thread count and overrides on top.
 */
public final class StreamsProperties {

    private StreamsProperties() {}

    /**
     * @param security how every client of the app (its consumers, producers and admin client) reaches Kafka; the
     *                 admin client of {@link io.abk.billing.streamskit.lifecycle.StreamsApp} takes it from these too
     */
    public static Properties exactlyOnce(
            String bootstrapServers,
            String applicationId,
            Path stateDir,
            Duration commitInterval,
            KafkaClientSecurity security) {
        var props = security.applyTo(new Properties());
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toAbsolutePath().toString());
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, Long.toString(commitInterval.toMillis()));
        props.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, "true");
        // The stream thread blocks in poll() for up to poll.ms when idle and only commits after it returns, so
        // the default 100 ms would stretch the commit interval of a lightly loaded thread to ~100 ms.
        props.put(StreamsConfig.POLL_MS_CONFIG, "10");
        // Output is invisible to read_committed readers until the commit, which flushes the producer, so lingering
        // up to just before the commit costs no visible latency and turns one produce request per record into
        // one per commit: in billing-streams at 500 evenly spread creates/s this halved the stack's CPU per create
        // (bench: p99 from ~200 ms to ~80 ms). A 1 ms linger sent every record's outputs as their own requests.
        props.put(
                StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG),
                Long.toString(Math.max(1, commitInterval.toMillis() - 5)));
        // A fetch that finds nothing waits at the broker up to this long. New data normally completes it at once,
        // but a wake-up the broker does not get (visibility moved by another app's transaction marker, say) costs
        // up to this much, so keep it far below the 200 ms budget rather than at the 500 ms default.
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG), "20");
        // Several instances of one service keep a warm copy of each other's stores, so a task that moves after an
        // instance dies resumes from a standby instead of restoring its whole changelog (under exactly-once an
        // unclean stop wipes the dead instance's own state anyway). With one instance nothing is assigned.
        props.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, "1");
        // A killed instance's tasks move once its session expires: 10 s rather than the 45 s default, so the
        // partitions it owned pause for seconds, not most of a minute. Heartbeats come from their own thread, so
        // a long record does not end the session (max.poll.interval.ms covers that).
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), "10000");
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), "3000");
        return props;
    }

    /**
     * For an application each of whose tasks reads one input partition ({@link #requireOneInputPerTask}): turns off
     * Kafka Streams' wait for a task's empty input partitions ({@code max.task.idle.ms=-1}). That wait only orders
     * records across a task's several partitions, so with one it decides nothing, but it costs: Kafka Streams (4.2 and
     * 4.3 alike) formats a log line with {@code String.format} for every empty input partition of every task at every
     * turn of the stream thread, logged or not. On a renewal day that was 8 % of billing-streams' stream thread, which
     * turns over some 70 tasks mostly idle; of an idle thread's time, a third.
     */
    public static void skipIdleWait(Properties props) {
        props.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, Long.toString(StreamsConfig.MAX_TASK_IDLE_MS_DISABLED));
    }

    /**
     * Checks that every sub-topology of {@code topology} reads one topic, so each of its tasks reads one partition,
     * the premise of {@link #skipIdleWait}: a sub-topology that joins or merges two topics needs the wait to order
     * them, and fails this check at start instead of running without it.
     *
     * @throws IllegalStateException naming the sub-topology that reads more than one topic
     */
    public static void requireOneInputPerTask(Topology topology) {
        for (var subtopology : topology.describe().subtopologies()) {
            var topics = new TreeSet<String>();
            for (var node : subtopology.nodes()) {
                if (node instanceof TopologyDescription.Source source) {
                    var named = source.topicSet();
                    if (named == null) {
                        throw new IllegalStateException("sub-topology " + subtopology.id() + " reads a topic pattern ("
                                + source.name() + "), so its tasks may read several partitions");
                    }
                    topics.addAll(named);
                }
            }
            if (topics.size() > 1) {
                throw new IllegalStateException("sub-topology " + subtopology.id() + " reads " + topics
                        + ": its tasks read several partitions, and skipping the idle wait would leave them unordered");
            }
        }
    }
}
