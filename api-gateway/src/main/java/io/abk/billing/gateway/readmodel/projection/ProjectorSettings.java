package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;

/** The Kafka side of the projector; {@code instanceId} empty: dynamic group membership. */
public record ProjectorSettings(
        String bootstrapServers,
        String groupId,
        int maxBatch,
        Duration pollTimeout,
        Duration maxBackoff,
        String instanceId,
        KafkaClientSecurity security,
        Deployment deployment) {

    public ProjectorSettings(
            String bootstrapServers, String groupId, int maxBatch, Duration pollTimeout, Duration maxBackoff) {
        this(
                bootstrapServers,
                groupId,
                maxBatch,
                pollTimeout,
                maxBackoff,
                "",
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT);
    }

    /** The same settings as the static member {@code instanceId} of the group (empty: dynamic membership). */
    public ProjectorSettings withInstanceId(String instanceId) {
        return new ProjectorSettings(
                bootstrapServers, groupId, maxBatch, pollTimeout, maxBackoff, instanceId.strip(), security, deployment);
    }

    /** The same settings, connecting with {@code security}. */
    public ProjectorSettings withSecurity(KafkaClientSecurity security) {
        return new ProjectorSettings(
                bootstrapServers, groupId, maxBatch, pollTimeout, maxBackoff, instanceId, security, deployment);
    }

    /**
     * The same settings in {@code deployment}: its {@code billing.changes}, and {@code groupId} and the client id
     * as it names them.
     */
    public ProjectorSettings withDeployment(Deployment deployment) {
        return new ProjectorSettings(
                bootstrapServers,
                deployment.name(groupId),
                maxBatch,
                pollTimeout,
                maxBackoff,
                instanceId,
                security,
                deployment);
    }

    /** The topic the projector reads: {@code billing.changes} as the deployment names it. */
    String topic() {
        return Topics.CHANGES.name(deployment);
    }
}
