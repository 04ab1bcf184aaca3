package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.webhooks.attempt.ExchangeEnd;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One delivery consumer (group {@code webhook-sender}) over the main topic and every retry topic. Its thread only
 * polls and starts attempts; attempts complete on other threads, and their offsets are committed per partition up
 * to the lowest one still in flight ({@link OffsetCommits}), so a slow endpoint holds its own records and permits,
 * never the partition. An endpoint holds at most its own bound of attempts ({@link EndpointLimit}); a delivery to an
 * endpoint at that bound is held in memory while the endpoint keeps finishing attempts ({@link HeldDeliveries}: the
 * loop keeps polling), and deferred to a retry topic ({@link Deferrals}) once the endpoint stalls (nothing finished
 * for a second) instead of waited for, so the global bound
 * ({@link InFlightLimit}, which the loop does wait on) is only reached by many endpoints together. A retry topic's
 * partition whose next record is not due yet is rewound to that record and paused until it is due (its records come
 * due nearly in order: one delay per topic; a deferred copy, due sooner, may sit behind a head due later and then
 * waits for it, late by at most that topic's delay, never skipped). Stopping lets the attempts in flight finish
 * (within a patience) and commits what they settled; what did not finish stays uncommitted and is redelivered.
 *
 * <p>Why not spring-kafka's async listener with retry topics (tried first, on 4.1.0): with asynchronous acks its
 * container pauses the whole consumer until every record of the previous poll is acked ("Incomplete out of order
 * acks"), so one 15 s endpoint held back every later delivery on the consumer; and the error path
 * ({@code removeOffsetsInBatch}, consumer thread) races the acks ({@code ackInOrder}, completing threads) on the same
 * lists: a ConcurrentModificationException under load, after which a partition's commits stalled.
 */
final class DeliveryLoop implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(DeliveryLoop.class);
    /** Bounds how late a due retry starts, and how long a settled attempt waits for its commit. */
    static final Duration POLL = Duration.ofMillis(200);
    /**
     * While deliveries are held for a slot of their endpoint: how soon they are looked at again at the latest. A slot
     * given back wakes the poll at once, so a held delivery starts as soon as its endpoint has room.
     */
    static final Duration HELD_POLL = Duration.ofMillis(5);

    private final Consumer<String, byte[]> consumer;
    private final Collection<String> topics;
    private final Deserializer<WebhookDelivery> values;
    private final AttemptRouter router;
    private final InFlightLimit limit;
    private final EndpointLimit endpoints;
    private final Duration drainPatience;
    private final Clock clock;
    private final OffsetCommits commits;
    private final Map<TopicPartition, Instant> waiting = new HashMap<>();
    private final HeldDeliveries held = new HeldDeliveries();
    private boolean pausedForHeld;
    /** Deliveries are held: a slot given back wakes the poll ({@link #launch}). */
    private volatile boolean holding;

    private volatile boolean running = true;

    DeliveryLoop(
            Consumer<String, byte[]> consumer,
            Collection<String> topics,
            Deserializer<WebhookDelivery> values,
            AttemptRouter router,
            InFlightLimit limit,
            EndpointLimit endpoints,
            Duration drainPatience,
            Clock clock) {
        this.consumer = consumer;
        this.commits = new OffsetCommits(consumer);
        this.topics = List.copyOf(topics);
        this.values = values;
        this.router = router;
        this.limit = limit;
        this.endpoints = endpoints;
        this.drainPatience = drainPatience;
        this.clock = clock;
    }

    void stop() {
        running = false;
    }

    @Override
    public void run() {
        try {
            consumer.subscribe(topics, new Rebalance());
            while (running) {
                try {
                    commits.commit(false);
                    resumeDue();
                    startHeld();
                    holding = !held.isEmpty();
                    var records = consumer.poll(holding ? HELD_POLL : POLL);
                    for (var partition : records.partitions()) {
                        start(partition, records.records(partition));
                    }
                } catch (WakeupException slotFreed) {
                    // A held delivery's endpoint has room again: start it now rather than at the end of the poll.
                } catch (RuntimeException e) {
                    // A poll or commit failure (a rebalance under way, the broker away): records are started only
                    // after a successful poll, so nothing is skipped; try again shortly rather than stop delivering.
                    log.warn("loop=delivery outcome=retrying error=\"{}\"", e.toString());
                    LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
                }
            }
            drain();
        } catch (RuntimeException e) {
            log.error("loop=delivery outcome=crashed error=\"{}\"", e.toString(), e);
        } finally {
            try {
                commits.commit(true);
            } catch (RuntimeException e) {
                log.warn("loop=delivery commit=final outcome=failed error=\"{}\"", e.getMessage());
            }
            consumer.close();
        }
    }

    private void start(TopicPartition partition, List<ConsumerRecord<String, byte[]>> records) {
        var offsets = commits.of(partition);
        for (var record : records) {
            var due = DeliveryHeaders.dueAt(record.headers());
            if (!running || (due != null && due.isAfter(clock.instant()))) {
                rewind(partition, offsets, record.offset());
                if (running && due != null) {
                    consumer.pause(List.of(partition));
                    waiting.put(partition, due);
                }
                return;
            }
            WebhookDelivery delivery;
            try {
                delivery = values.deserialize(record.topic(), record.headers(), record.value());
            } catch (RuntimeException e) {
                offsets.started(record.offset());
                commits.settleWhenDone(offsets, record.offset(), router.unreadable(record, e));
                continue;
            }
            var attemptNumber = DeliveryHeaders.attempt(record.headers());
            var endpointId = delivery.getEndpointId();
            if (!endpoints.tryAcquire(endpointId)) {
                var waiting = new HeldDeliveries.Held(partition, offsets, record, delivery, attemptNumber);
                if (endpoints.stalled(endpointId, System.nanoTime(), HeldDeliveries.PATIENCE)) {
                    // Slow or black-holed: waiting here would hold every other endpoint of the partition behind it.
                    offsets.started(record.offset());
                    defer(waiting);
                    continue;
                }
                if (held.isFull()) {
                    // Busy endpoints, and this loop holds all it may: read no further until held deliveries start.
                    rewind(partition, offsets, record.offset());
                    pauseWhileHeldIsFull();
                    return;
                }
                offsets.started(record.offset());
                held.hold(waiting);
                continue;
            }
            if (!takePermit()) {
                endpoints.release(endpointId);
                rewind(partition, offsets, record.offset());
                return;
            }
            offsets.started(record.offset());
            launch(offsets, record, delivery, attemptNumber);
        }
    }

    /** Starts the held deliveries whose endpoint has room now; defers those whose endpoint has stalled. */
    private void startHeld() {
        if (held.isEmpty()) {
            resumeAfterHeld();
            return;
        }
        long now = System.nanoTime();
        var full = new HashSet<String>();
        for (var each = held.iterator(); each.hasNext() && running; ) {
            var waiting = each.next();
            var endpointId = waiting.delivery().getEndpointId();
            if (!full.contains(endpointId) && endpoints.tryAcquire(endpointId)) {
                if (!takePermit()) {
                    endpoints.release(endpointId);
                    return;
                }
                each.remove();
                launch(waiting.offsets(), waiting.record(), waiting.delivery(), waiting.attempt());
            } else {
                full.add(endpointId);
                if (endpoints.stalled(endpointId, now, HeldDeliveries.PATIENCE)) {
                    each.remove();
                    defer(waiting);
                }
            }
        }
        resumeAfterHeld();
    }

    /** Stops reading (keeps polling, so the group keeps this consumer) while the held deliveries are at their bound. */
    private void pauseWhileHeldIsFull() {
        if (!pausedForHeld) {
            consumer.pause(consumer.assignment());
            pausedForHeld = true;
        }
    }

    /** Reads again once there is room, except the retry partitions still waiting for their head to come due. */
    private void resumeAfterHeld() {
        if (pausedForHeld && !held.isFull()) {
            var resumable = new ArrayList<>(consumer.assignment());
            resumable.removeAll(waiting.keySet());
            consumer.resume(resumable);
            pausedForHeld = false;
        }
    }

    /**
     * The record is started in its offsets and holds a slot of its endpoint and a global permit. The slot is given back
     * as soon as the endpoint is done with the request, with how it took it (the attempt's log is written in a batch
     * after that), else at the end; the permit at the end.
     */
    private void launch(
            PartitionOffsets offsets,
            ConsumerRecord<String, byte[]> record,
            WebhookDelivery delivery,
            int attemptNumber) {
        var endpointId = delivery.getEndpointId();
        var slot = new AtomicBoolean(true);
        long startedNanos = System.nanoTime();
        java.util.function.Consumer<ExchangeEnd> releaseSlot = end -> {
            if (slot.compareAndSet(true, false)) {
                endpoints.release(endpointId, end, startedNanos);
                if (holding) {
                    consumer.wakeup();
                }
            }
        };
        var attempt = router.attempt(record, delivery, attemptNumber, releaseSlot);
        attempt.whenComplete((done, error) -> {
            limit.release();
            releaseSlot.accept(ExchangeEnd.NOT_SENT);
        });
        commits.settleWhenDone(offsets, record.offset(), attempt);
    }

    private void defer(HeldDeliveries.Held waiting) {
        commits.settleWhenDone(
                waiting.offsets(),
                waiting.record().offset(),
                router.defer(
                        waiting.record(),
                        waiting.delivery(),
                        waiting.attempt(),
                        endpoints.bound(waiting.delivery().getEndpointId())));
    }

    /** Waits for a permit while running; false when asked to stop first. */
    private boolean takePermit() {
        try {
            while (running) {
                if (limit.tryAcquire(POLL)) {
                    return true;
                }
                commits.commit(false);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
        return false;
    }

    private void rewind(TopicPartition partition, PartitionOffsets offsets, long offset) {
        consumer.seek(partition, offset);
        offsets.rewoundTo(offset);
    }

    private void resumeDue() {
        if (pausedForHeld) {
            return; // resumeAfterHeld leaves the ones not yet due paused; this resumes them when due
        }
        var now = clock.instant();
        var due = waiting.entrySet().stream()
                .filter(entry -> !entry.getValue().isAfter(now))
                .map(Map.Entry::getKey)
                .toList();
        if (!due.isEmpty()) {
            consumer.resume(due);
            due.forEach(waiting::remove);
        }
    }

    /** Lets the attempts in flight finish (no new record is started) so their offsets can be committed. */
    private void drain() {
        held.abandonAll();
        holding = false;
        long left = commits.awaitInFlight(drainPatience);
        log.info("loop=delivery shutdown=drained inFlight={}", left);
    }

    /** Keeps the per-partition state in step with the assignment. */
    private final class Rebalance implements ConsumerRebalanceListener {

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> revoked) {
            log.info("loop=delivery partitions=revoked count={} partitions={}", revoked.size(), revoked);
            commits.commit(true);
            held.forget(revoked);
            commits.forget(revoked);
            revoked.forEach(waiting::remove);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> assigned) {
            log.info("loop=delivery partitions=assigned count={} partitions={}", assigned.size(), assigned);
            commits.assigned(assigned);
            consumer.resume(assigned);
            pausedForHeld = false; // re-paused on the next read if the held deliveries are still at their bound
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> lost) {
            log.warn("loop=delivery partitions=lost count={} partitions={}", lost.size(), lost);
            held.forget(lost);
            commits.forget(lost);
            lost.forEach(waiting::remove);
        }
    }
}
