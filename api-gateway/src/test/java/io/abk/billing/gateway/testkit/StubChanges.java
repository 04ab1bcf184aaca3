package io.abk.billing.gateway.testkit;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.Rejection;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;

/** Changes and records of any aggregate as the stand-in writes them. */
final class StubChanges {

    private StubChanges() {}

    /**
     * What the stand-in writes for one command: its Change, records to send with it (a link's minted payment, a
     * paid payment's conversion), and a settlement to send when settlements are not held (a verification's result
     * command, standing in for chain-indexer's answer).
     */
    record Output(
            Change change,
            List<ProducerRecord<String, byte[]>> alongside,
            @Nullable ProducerRecord<String, byte[]> settlement) {

        static Output of(Change change) {
            return new Output(change, List.of(), null);
        }
    }

    /** Who a command was for: enough to write its Change. */
    record Source(
            String commandId,
            String aggregateType,
            String aggregateId,
            String merchantId,
            Mode mode,
            Instant requestedAt) {

        Change accepted(List<?> snapshots, @Nullable String followUpCommandId) {
            return Change.newBuilder()
                    .setCommandId(commandId)
                    .setAggregateType(aggregateType)
                    .setAggregateId(aggregateId)
                    .setMerchantId(merchantId)
                    .setMode(mode)
                    .setRequestedAt(requestedAt)
                    .setOutcome(Outcome.ACCEPTED)
                    .setSnapshots(List.copyOf(snapshots))
                    .setFollowUpCommandId(followUpCommandId)
                    .build();
        }

        Change rejected(String code, String message) {
            return Change.newBuilder()
                    .setCommandId(commandId)
                    .setAggregateType(aggregateType)
                    .setAggregateId(aggregateId)
                    .setMerchantId(merchantId)
                    .setMode(mode)
                    .setRequestedAt(requestedAt)
                    .setOutcome(Outcome.REJECTED)
                    .setRejection(new Rejection(code, message))
                    .setSnapshots(List.of())
                    .build();
        }
    }

    /** A record of {@code topic}, encoded by its serde, ready for the stand-in's byte producer. */
    static <V> ProducerRecord<String, byte[]> record(Topic<String, V> topic, String key, V value) {
        return new ProducerRecord<>(
                topic.name(Deployment.DEFAULT),
                key,
                topic.valueSerde().serializer().serialize(topic.name(Deployment.DEFAULT), value));
    }
}
