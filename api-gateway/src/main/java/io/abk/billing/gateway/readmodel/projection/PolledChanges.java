package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.topic.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The changes of one poll, decoded partition by partition. A record that cannot be decoded (a schema this build
 * does not know) ends its partition's share of the batch: what came before it is applied, and the partition is
 * held at that offset ({@code undecodable}), because skipping it would lose a change for good.
 */
record PolledChanges(
        List<Change> changes, Map<TopicPartition, Long> nextOffsets, Map<TopicPartition, Long> undecodable) {

    private static final Logger log = LoggerFactory.getLogger(PolledChanges.class);

    static PolledChanges decode(ConsumerRecords<String, byte[]> records) {
        var deserializer = Topics.CHANGES.valueSerde().deserializer();
        var changes = new ArrayList<Change>(records.count());
        var nextOffsets = new HashMap<TopicPartition, Long>();
        var undecodable = new HashMap<TopicPartition, Long>();
        for (var partition : records.partitions()) {
            for (var record : records.records(partition)) {
                try {
                    changes.add(deserializer.deserialize(record.topic(), record.value()));
                } catch (RuntimeException e) {
                    log.error(
                            "cannot decode change topic={} partition={} offset={}: partition held until a build that"
                                    + " reads it is deployed",
                            record.topic(),
                            partition.partition(),
                            record.offset(),
                            e);
                    undecodable.put(partition, record.offset());
                    break;
                }
                nextOffsets.put(partition, record.offset() + 1);
            }
        }
        return new PolledChanges(changes, nextOffsets, undecodable);
    }
}
