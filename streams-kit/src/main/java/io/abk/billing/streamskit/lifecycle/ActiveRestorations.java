package io.abk.billing.streamskit.lifecycle;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.processor.StateRestoreListener;

/**
 * The state stores of active tasks being restored from their changelogs now, so readiness can wait for them. Kafka
 * Streams 4.x moves a thread to RUNNING only once its state updater restores none of its active tasks, but a task
 * that is corrupted while the thread runs (under exactly-once, after a failed commit) is wiped and restored again
 * with the thread still RUNNING: only this listener sees that. Standby tasks report to another listener and are not
 * counted: they do not serve.
 */
final class ActiveRestorations implements StateRestoreListener {

    private final Set<String> restoring = ConcurrentHashMap.newKeySet();

    @Override
    public void onRestoreStart(TopicPartition changelog, String store, long startingOffset, long endingOffset) {
        restoring.add(key(changelog, store));
    }

    @Override
    public void onBatchRestored(TopicPartition changelog, String store, long batchEndOffset, long numRestored) {}

    @Override
    public void onRestoreEnd(TopicPartition changelog, String store, long totalRestored) {
        restoring.remove(key(changelog, store));
    }

    /** The task moved away (or was closed) before its restoration ended: it restores nothing here any more. */
    @Override
    public void onRestoreSuspended(TopicPartition changelog, String store, long totalRestored) {
        restoring.remove(key(changelog, store));
    }

    /** {@code <store> <changelog partition>} of each store being restored, sorted; empty when none is. */
    Set<String> now() {
        return new TreeSet<>(restoring);
    }

    private static String key(TopicPartition changelog, String store) {
        return store + " " + changelog;
    }
}
