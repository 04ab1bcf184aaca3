package io.abk.billing.streams.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.test.TestRecord;

/**
 * One output topic that several aggregates write, read as two: what {@code apart} picks (the customers' changes
 * and events, which every subscription and every payment with a wallet leads to) is kept in {@link #apart()}, and
 * the rest is read with the methods of {@link TestOutputTopic}, so a test of one aggregate reads its own records. What
 * {@code finalization} picks (the invoice numbering's answer to every new invoice: its change and its
 * {@code invoice.finalized}) is kept in {@link #finalizations()}.
 */
final class SplitOutput<K, V> {

    private final TestOutputTopic<K, V> topic;
    private final Predicate<V> apart;
    private final Predicate<V> finalization;
    private final List<TestRecord<K, V>> keptApart = new ArrayList<>();
    private final List<TestRecord<K, V>> finalizations = new ArrayList<>();
    private final List<TestRecord<K, V>> rest = new ArrayList<>();

    SplitOutput(TestOutputTopic<K, V> topic, Predicate<V> apart, Predicate<V> finalization) {
        this.topic = topic;
        this.apart = apart;
        this.finalization = finalization;
    }

    boolean isEmpty() {
        poll();
        return rest.isEmpty();
    }

    List<TestRecord<K, V>> readRecordsToList() {
        poll();
        var out = List.copyOf(rest);
        rest.clear();
        return out;
    }

    List<V> readValuesToList() {
        return readRecordsToList().stream().map(TestRecord::value).toList();
    }

    List<KeyValue<K, V>> readKeyValuesToList() {
        return readRecordsToList().stream()
                .map(r -> KeyValue.pair(r.key(), r.value()))
                .toList();
    }

    /** Reads and forgets the records kept apart so far. */
    List<TestRecord<K, V>> apart() {
        poll();
        var out = List.copyOf(keptApart);
        keptApart.clear();
        return out;
    }

    /** Reads and forgets the records of the invoice numbering's answers so far (every new invoice leads to one). */
    List<TestRecord<K, V>> finalizations() {
        poll();
        var out = List.copyOf(finalizations);
        finalizations.clear();
        return out;
    }

    private void poll() {
        for (var record : topic.readRecordsToList()) {
            var value = record.value();
            (apart.test(value) ? keptApart : finalization.test(value) ? finalizations : rest).add(record);
        }
    }
}
