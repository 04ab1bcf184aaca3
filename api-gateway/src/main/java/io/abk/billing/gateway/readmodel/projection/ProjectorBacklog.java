package io.abk.billing.gateway.readmodel.projection;

import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * How many changes the projector has still to apply (from its positions to the ends of its partitions, committed
 * records only), and whether it has caught up since its consumer joined: the projector's part of the gateway's
 * readiness. A gateway restarted after a crash may find tens of thousands of changes it had not projected yet; a
 * request's outcome waits behind them, so answering ready before they are applied turns its first requests into 503s.
 *
 * <p>Once caught up it stays so until its consumer is made again (a start, Kafka lost): a backlog that grows later
 * (a burst, partitions taken over from a dead gateway) is worked off while it serves, and taking a busy gateway out of
 * rotation would only pile its load onto the others.
 */
final class ProjectorBacklog {

    /**
     * Caught up: at most this many changes behind, one default batch ({@code projector-max-batch}), which the
     * projector applies in well under a second, so a request's outcome is projected long before its 10 s wait ends.
     */
    static final long CAUGHT_UP_WITHIN = 1_000;
    /** Not measured yet: the consumer has not fetched from every partition it holds. */
    static final long UNKNOWN = -1;

    private volatile long changes = UNKNOWN;
    private volatile boolean caughtUp;

    /** A new consumer: it has its backlog to read before it is caught up again. */
    void reset() {
        changes = UNKNOWN;
        caughtUp = false;
    }

    /** Measures the backlog of {@code assigned}, on the projector's thread (the consumer is not thread-safe). */
    void measure(Consumer<?, ?> consumer, Set<TopicPartition> assigned) {
        long total = 0;
        for (var partition : assigned) {
            var lag = consumer.currentLag(partition);
            if (lag.isEmpty()) {
                changes = UNKNOWN;
                return;
            }
            total += lag.getAsLong();
        }
        changes = total;
        if (total <= CAUGHT_UP_WITHIN) {
            caughtUp = true;
        }
    }

    /** The changes between the projector's positions and the ends of its partitions, or {@link #UNKNOWN}. */
    long changes() {
        return changes;
    }

    boolean caughtUp() {
        return caughtUp;
    }
}
