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
        props.put("listeners", "PLAINTEXT://" + HOST + ":" + port + "," + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
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
        return props;
    }
}
