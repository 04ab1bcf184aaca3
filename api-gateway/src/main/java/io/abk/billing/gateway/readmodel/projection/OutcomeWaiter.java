package io.abk.billing.gateway.readmodel.projection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Requests waiting for the outcome of their command. A request registers its command id before the command is
 * produced, so no outcome can slip by unseen; it is then woken by whichever comes first: the in-process
 * projector right after its commit ({@link #projected}), or a {@code NOTIFY} from any replica's projector
 * ({@link #notified}), after which the outcome is read from {@code command_outcomes}. When the {@code LISTEN}
 * connection was down, {@link #recheckAll} looks up every pending command once.
 */
public final class OutcomeWaiter implements OutcomeListener {

    private static final Logger log = LoggerFactory.getLogger(OutcomeWaiter.class);
    private static final int LOOKUP_CHUNK = 500;

    private final ConcurrentHashMap<String, Pending> pending = new ConcurrentHashMap<>();
    private final OutcomeQueries queries;

    /** One future per command id, shared by every request waiting for it (a replayed retry and the original). */
    private static final class Pending {
        final CompletableFuture<CommandOutcome> outcome = new CompletableFuture<>();
        int waiters;
    }

    public OutcomeWaiter(OutcomeQueries queries) {
        this.queries = queries;
    }

    /**
     * Waits for the outcome of {@code commandId}: registers, then runs {@code afterRegistering} (producing the
     * command), then, when the outcome may already be recorded (a retry), looks it up once. Errors with a
     * {@link java.util.concurrent.TimeoutException} when nothing arrives within {@code timeout}.
     */
    public Mono<CommandOutcome> await(
            String commandId, Mono<?> afterRegistering, boolean mayBeRecorded, Duration timeout) {
        return Mono.defer(() -> {
            var waiter = register(commandId);
            Mono<Void> lookUp = mayBeRecorded ? lookUp(List.of(commandId)) : Mono.empty();
            return afterRegistering
                    .then(lookUp)
                    .then(Mono.fromFuture(waiter.outcome, true))
                    // Completion may come on the projector's thread: hand over at once, never work there.
                    .publishOn(Schedulers.parallel())
                    .timeout(timeout)
                    .doFinally(signal -> unregister(commandId, waiter));
        });
    }

    /** The projector in this process committed these outcomes. */
    @Override
    public void projected(List<CommandOutcome> outcomes) {
        for (var outcome : outcomes) {
            complete(outcome);
        }
    }

    /** A {@code NOTIFY} payload arrived: comma-separated command ids, of which some may be waited for here. */
    public void notified(String payload) {
        // Skip ids this process's projector has already answered: the NOTIFY of its own commit arrives too.
        var waitedFor =
                Arrays.stream(payload.split(",")).filter(this::stillWaiting).toList();
        if (waitedFor.isEmpty()) {
            return;
        }
        lookUp(waitedFor)
                .subscribe(
                        null,
                        error -> log.warn(
                                "cannot read notified outcomes count={} error=\"{}\"",
                                waitedFor.size(),
                                error.toString()));
    }

    /** Looks up every pending command once (after the {@code LISTEN} connection was re-established). */
    public Mono<Void> recheckAll() {
        var ids = new ArrayList<>(pending.keySet());
        var chunks = new ArrayList<List<String>>();
        for (int from = 0; from < ids.size(); from += LOOKUP_CHUNK) {
            chunks.add(ids.subList(from, Math.min(ids.size(), from + LOOKUP_CHUNK)));
        }
        return Flux.fromIterable(chunks).concatMap(this::lookUp).then();
    }

    /** Whether a request in this process waits for the command's outcome (diagnostics and tests). */
    public boolean isWaitingFor(String commandId) {
        return stillWaiting(commandId);
    }

    private boolean stillWaiting(String commandId) {
        var waiter = pending.get(commandId);
        return waiter != null && !waiter.outcome.isDone();
    }

    public int pendingCount() {
        return pending.size();
    }

    private Mono<Void> lookUp(List<String> commandIds) {
        return queries.find(commandIds).doOnNext(this::complete).then();
    }

    private void complete(CommandOutcome outcome) {
        var waiter = pending.get(outcome.commandId());
        if (waiter != null) {
            waiter.outcome.complete(outcome);
        }
    }

    private Pending register(String commandId) {
        return pending.compute(commandId, (id, current) -> {
            var waiter = current != null ? current : new Pending();
            waiter.waiters++;
            return waiter;
        });
    }

    private void unregister(String commandId, Pending waiter) {
        pending.computeIfPresent(commandId, (id, current) -> {
            if (current != waiter) {
                return current;
            }
            return --current.waiters == 0 ? null : current;
        });
    }
}
