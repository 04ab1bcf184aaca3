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
 * the rest is read with the methods of {@link TestOutputTopic}, so a test of one aggregate reads its own records.
 */
final class SplitOutput<K, V> {

    private final TestOutputTopic<K, V> topic;
    private final Predicate<V> apart;
    private final List<TestRecord<K, V>> keptApart = new ArrayList<>();
    private final List<TestRecord<K, V>> rest = new ArrayList<>();

    SplitOutput(TestOutputTopic<K, V> topic, Predicate<V> apart) {
        this.topic = topic;
        this.apart = apart;
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

    private void poll() {
        for (var record : topic.readRecordsToList()) {
            (apart.test(record.value()) ? keptApart : rest).add(record);
        }
    }
}
