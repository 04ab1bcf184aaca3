package io.abk.billing.usdt.command;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Requests waiting for command outcomes, by command id, and the outcomes that arrived lately. A request learns some
 * of the ids it waits for only from another outcome (the claim a confirm started, the confirms a poll issued), by
 * which time that outcome may have arrived already: recent outcomes are kept a while for such late waiters. Several
 * requests may wait for one id (concurrent confirms of one transaction all wait for its one claim).
 */
public final class OutcomeWaiters {

    /** Far longer than any chain of outcomes takes to arrive after the first one. */
    static final Duration KEPT_FOR = Duration.ofMinutes(2);
    /** A bound on memory: about a kilobyte each. */
    static final int KEPT_AT_MOST = 20_000;

    private final LongSupplier nanoTime;
    private final Map<String, Waiting> waiting = new HashMap<>();
    private final LinkedHashMap<String, Arrived> recent = new LinkedHashMap<>();

    public OutcomeWaiters() {
        this(System::nanoTime);
    }

    OutcomeWaiters(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    private static final class Waiting {
        final CompletableFuture<UsdtCommandOutcome> future = new CompletableFuture<>();
        int waiters;
    }

    private record Arrived(UsdtCommandOutcome outcome, long atNanos) {}

    /** The outcome of {@code commandId}: at once when it arrived lately, else once it arrives. */
    public synchronized CompletableFuture<UsdtCommandOutcome> await(String commandId) {
        var arrived = recent.get(commandId);
        if (arrived != null) {
            return CompletableFuture.completedFuture(arrived.outcome());
        }
        var entry = waiting.computeIfAbsent(commandId, id -> new Waiting());
        entry.waiters++;
        return entry.future;
    }

    /** One waiter for {@code commandId} gave up (its request timed out); the last one to leave removes the entry. */
    public synchronized void giveUp(String commandId) {
        var entry = waiting.get(commandId);
        if (entry != null && --entry.waiters <= 0) {
            waiting.remove(commandId);
        }
    }

    /** An outcome read from the topic: completes its waiters and is kept for late ones. */
    public void arrived(List<UsdtCommandOutcome> outcomes) {
        var completed = new ArrayList<Map.Entry<CompletableFuture<UsdtCommandOutcome>, UsdtCommandOutcome>>();
        synchronized (this) {
            long now = nanoTime.getAsLong();
            for (var outcome : outcomes) {
                recent.put(outcome.getCommandId(), new Arrived(outcome, now));
                var entry = waiting.remove(outcome.getCommandId());
                if (entry != null) {
                    completed.add(Map.entry(entry.future, outcome));
                }
            }
            forgetOld(now);
        }
        // Outside the lock: completing runs the waiters' continuations.
        completed.forEach(done -> done.getKey().complete(done.getValue()));
    }

    synchronized int waiting() {
        return waiting.size();
    }

    private void forgetOld(long now) {
        Iterator<Arrived> oldestFirst = recent.values().iterator();
        while (oldestFirst.hasNext()) {
            var arrived = oldestFirst.next();
            if (recent.size() > KEPT_AT_MOST || now - arrived.atNanos() > KEPT_FOR.toNanos()) {
                oldestFirst.remove();
            } else {
                break;
            }
        }
    }
}
