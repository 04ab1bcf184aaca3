package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.settlement.RelayedRequests;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.mode.Mode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * One poll's records in the relayer, the relayed ones among them, and their outcomes to come: the offsets to commit
 * once they are answered, or to go back to when their answers could not be written.
 */
record InFlight(
        List<ConsumerRecord<String, ChainRequest>> all,
        List<ConsumerRecord<String, ChainRequest>> mine,
        CompletableFuture<List<RelayOutcome>> outcomes) {

    /** Starts relaying the records of {@code mode}'s chain among {@code records}. */
    static InFlight start(
            ConsumerRecords<String, ChainRequest> records, ConfiguredChains chains, Mode mode, RelayBatch batch) {
        var all = new ArrayList<ConsumerRecord<String, ChainRequest>>();
        var mine = new ArrayList<ConsumerRecord<String, ChainRequest>>();
        var items = new ArrayList<RelayBatch.Item>();
        for (var record : records) {
            all.add(record);
            for (var one : requests(record)) {
                var request = one.value();
                var kind = request == null ? RelayedRequests.Kind.NONE : RelayedRequests.kind(request, chains, mode);
                if (kind != RelayedRequests.Kind.NONE) {
                    mine.add(one);
                    items.add(new RelayBatch.Item(request, kind));
                }
            }
        }
        return new InFlight(all, mine, batch.start(items));
    }

    /**
     * The requests a record holds: itself, or each request of a {@code ChainRequestBatch} as the record it would
     * have been alone (keyed by its invoice, else its subscription, as billing-streams keys it), at the batch's
     * position, so its result is keyed and dead-lettered as a lone request's would be. Settlement answers the batch's
     * sandbox requests; the ones for this chain are the relayer's, like any other.
     */
    static List<ConsumerRecord<String, ChainRequest>> requests(ConsumerRecord<String, ChainRequest> record) {
        if (record.value() == null || !(record.value().getPayload() instanceof ChainRequestBatch batch)) {
            return List.of(record);
        }
        var requests = new ArrayList<ConsumerRecord<String, ChainRequest>>(
                batch.getRequests().size());
        for (var request : batch.getRequests()) {
            var key = request.getInvoiceId() != null ? request.getInvoiceId() : request.getSubscriptionId();
            requests.add(new ConsumerRecord<>(record.topic(), record.partition(), record.offset(), key, request));
        }
        return requests;
    }

    /** Past the last record of each partition: what to commit once every result is written. */
    Map<TopicPartition, OffsetAndMetadata> nextOffsets() {
        var offsets = new HashMap<TopicPartition, OffsetAndMetadata>();
        for (var record : all) {
            offsets.put(
                    new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset() + 1));
        }
        return offsets;
    }

    /** The first record of each partition: where to read again. */
    Map<TopicPartition, Long> firstOffsets() {
        var first = new HashMap<TopicPartition, Long>();
        for (var record : all) {
            first.putIfAbsent(new TopicPartition(record.topic(), record.partition()), record.offset());
        }
        return first;
    }
}
