package io.abk.billing.bench.events;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * How many committed changes of {@code billing.changes} the gateways' projector has not applied yet, read from
 * outside: its positions in PostgreSQL (it keeps none in Kafka) against the topic's last stable offsets. A partition
 * it never applied anything of counts from its beginning.
 */
public final class ReadModelLag {

    /** The projector's consumer group (api-gateway's default {@code BILLING_KAFKA_PROJECTOR_GROUP_ID}). */
    private static final String GROUP = "billing-gateway-projector";

    private ReadModelLag() {}

    public static long changesBehind(String bootstrap, String jdbcUrl, String user, String password) {
        var positions = new HashMap<TopicPartition, Long>();
        try (var connection = DriverManager.getConnection(jdbcUrl, user, password);
                var statement = connection.prepareStatement(
                        "SELECT partition, next_offset FROM projector_offsets WHERE consumer_group = ? AND topic = ?")) {
            statement.setString(1, GROUP);
            statement.setString(2, Topics.CHANGES.name(Deployment.DEFAULT));
            try (var rows = statement.executeQuery()) {
                while (rows.next()) {
                    positions.put(
                            new TopicPartition(Topics.CHANGES.name(Deployment.DEFAULT), rows.getInt(1)),
                            rows.getLong(2));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the projector's positions: " + e.getMessage(), e);
        }
        long behind = 0;
        for (var end : ends(bootstrap).entrySet()) {
            behind += Math.max(0, end.getValue() - positions.getOrDefault(end.getKey(), 0L));
        }
        return behind;
    }

    private static Map<TopicPartition, Long> ends(String bootstrap) {
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            var topic = Topics.CHANGES.name(Deployment.DEFAULT);
            var request = new HashMap<TopicPartition, OffsetSpec>();
            var description = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(10, TimeUnit.SECONDS)
                    .get(topic);
            Objects.requireNonNull(description, "the admin client answers for every topic it is asked about")
                    .partitions()
                    .forEach(info -> request.put(new TopicPartition(topic, info.partition()), OffsetSpec.latest()));
            var ends = new HashMap<TopicPartition, Long>();
            admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                    .all()
                    .get(10, TimeUnit.SECONDS)
                    .forEach((partition, info) -> ends.put(partition, info.offset()));
            return ends;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "interrupted reading the end offsets of " + Topics.CHANGES.name(Deployment.DEFAULT), e);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "cannot read the end offsets of " + Topics.CHANGES.name(Deployment.DEFAULT) + ": " + e, e);
        }
    }
}
