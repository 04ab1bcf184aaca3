package io.abk.billing.localstack.kafka;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The configuration of the single local broker: KRaft combined mode (broker and controller in one node, id 1)
 * with a static one-voter quorum, listeners on 127.0.0.1 only, and every replication setting at 1.
 *
 * <p>The quorum is static ({@code controller.quorum.voters}), not a formatted dynamic quorum, because a static
 * voter's address is read from the config at every start: the controller can take a new free port each run
 * while the log directory keeps every topic and offset.
 */
public record BrokerSettings(Path logDir, int port, int controllerPort) {

    static final int NODE_ID = 1;
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final String HOST = "127.0.0.1";

    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    /** Broker properties, as in a {@code server.properties} file. */
    public Map<String, String> properties() {
        var props = new TreeMap<String, String>();
        props.put("process.roles", "broker,controller");
        props.put("node.id", Integer.toString(NODE_ID));
        props.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        props.put("controller.listener.names", CONTROLLER_LISTENER);
        props.put(
                "listeners",
                "PLAINTEXT://" + HOST + ":" + port + "," + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + port);
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        props.put("metadata.log.dir", logDir.toString());
        // One node: every internal topic must be satisfiable with one replica.
        props.put("offsets.topic.replication.factor", "1");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("default.replication.factor", "1");
        props.put("min.insync.replicas", "1");
        // The default 3 s delay only waits for more members of a group that will never come (about 2.7 s per
        // Streams start).
        props.put("group.initial.rebalance.delay.ms", "0");
        // Topics come from the catalog only; a typo in a client must fail, not create a topic.
        props.put("auto.create.topics.enable", "false");
        fastRestart(props);
        return props;
    }

    /**
     * Settings that keep a start after a crash (SIGKILL, a power cut) close to a clean one. Without a clean-shutdown
     * marker the broker re-reads every partition from its recovery point, and the recovery point only moves when a
     * partition is flushed: by default never before its 1 GiB segment rolls, so every restart after a crash re-read
     * every byte ever written (hundreds of MB after 12,000 subscriptions, 5-13 s; it grows with the data). Flushing
     * every few seconds bounds that to the last seconds of writes. Flushing only makes the log more durable.
     */
    private static void fastRestart(Map<String, String> props) {
        props.put("log.flush.scheduler.interval.ms", "1000");
        // A partition with unflushed records is flushed (fsync) at most this often: a few fsyncs a second in all.
        props.put("log.flush.interval.ms", "5000");
        // How often the recovery points reach their checkpoint file (default 60 s).
        props.put("log.flush.offset.checkpoint.interval.ms", "5000");
        // Recovery re-reads the whole segment that holds the recovery point, and a 1 GiB default segment held all of
        // a local partition's data: 4 MiB segments bound each partition's re-read. The changelogs compact better
        // too (the cleaner never touches the active segment), so a store wiped by the crash restores fewer records.
        props.put("log.segment.bytes", Integer.toString(4 * 1024 * 1024));
        // A restarted broker cannot register while the controller still holds its previous incarnation's session,
        // which a crash leaves open until it expires: 9 s by default, the longest wait of a restart after SIGKILL.
        // Controller and broker are one process here, so a short session only needs heartbeats on a loopback
        // connection: 6 of them fit in it.
        props.put("broker.session.timeout.ms", "3000");
        props.put("broker.heartbeat.interval.ms", "500");
        // Each partition costs a directory and files with fsyncs at creation (about 40 a second on a busy 2-core
        // machine) and a load at every start; one broker's few consumer groups and transactional producers need
        // far fewer than the 50 + 50 default. Applies when the topics are created: a directory made before keeps
        // its counts, and the coordinators read the count from the topic's metadata, not from here.
        props.put("offsets.topic.num.partitions", "4");
        props.put("transaction.state.log.num.partitions", "4");
    }
}
