package io.abk.billing.streamskit.lifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.common.errors.InvalidPidMappingException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.apache.kafka.common.errors.UnknownProducerIdException;
import org.apache.kafka.streams.errors.MissingSourceTopicException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a stream thread does when an exception escapes it (record-level failures never get here: they go to the
 * app's processing and deserialization exception handlers). Two kinds of failure replace the thread, which rejoins
 * the group with a new producer and consumer while the app keeps running:
 * <ul>
 *   <li>the thread was fenced or its transaction is gone ({@link #FENCED}): it stood still past its session or its
 *       transaction timeout (a long GC pause, a frozen VM) and the group or the transaction coordinator moved on
 *       without it. Kafka Streams handles most of these itself; the rest reach this handler, such as a commit that
 *       the coordinator refuses with {@code InvalidTxnStateException} because it aborted that transaction on its
 *       timeout meanwhile. Replacements are bounded ({@link #MAX_REPLACEMENTS} within {@link #REPLACEMENT_WINDOW}):
 *       a thread fenced again and again is not pausing now and then, and a fresh process is the supervisor's call;</li>
 *   <li>a source topic vanished while the app runs (deleted by ops): Kafka Streams fails the thread at the next
 *       rebalance, and the replaced thread rejoins until the topic is back.</li>
 * </ul>
 * Anything else is a failure the app cannot fix by itself: shut the client down (state ERROR, so health checks
 * report it, and the process exits with status 1) and let the supervisor restart the process.
 * docs/architecture.md, "A replica that stood still", tells the whole story.
 */
final class StreamThreadFailureHandler implements StreamsUncaughtExceptionHandler {

    /**
     * The errors that mean "this member was fenced or its transaction is gone", searched for through the causes.
     * Not among them: {@code FencedInstanceIdException}, which says that another live instance joined with this one's
     * static identity (a copied state directory, a second process on one volume), so a replacement would fence that
     * one in turn; and timeouts, which say the broker is away, not that this member fell behind.
     */
    static final List<Class<? extends Throwable>> FENCED = List.of(
            // Kafka Streams' own word for a thread that lost its tasks to a rebalance.
            TaskMigratedException.class,
            // A newer producer with this transactional id, or a coordinator that bumped the epoch on abort.
            ProducerFencedException.class,
            InvalidProducerEpochException.class,
            // The coordinator or the partition leader no longer knows this producer: its transaction is gone.
            InvalidPidMappingException.class,
            UnknownProducerIdException.class,
            // A commit of a transaction the coordinator aborted on its timeout meanwhile: transactions V2 answer it as
            // a state error rather than as fencing (StalledThreadIT reproduces it).
            InvalidTxnStateException.class,
            // The broker asks for the transaction to be aborted: what it held will never commit.
            TransactionAbortableException.class,
            // The group rebalanced without this member, so its offsets cannot be committed.
            CommitFailedException.class);
    /** More fenced replacements than this within {@link #REPLACEMENT_WINDOW} shut the client down. */
    static final int MAX_REPLACEMENTS = 5;
    /**
     * Long enough that replacements in a row are one story (each rejoin takes seconds, up to a session timeout),
     * short enough that a replica paused once a day never adds up to the bound.
     */
    static final Duration REPLACEMENT_WINDOW = Duration.ofMinutes(10);

    private static final Logger log = LoggerFactory.getLogger(StreamThreadFailureHandler.class);

    private final Clock clock;
    private final Deque<Instant> replacements = new ArrayDeque<>();

    StreamThreadFailureHandler(Clock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized StreamThreadExceptionResponse handle(Throwable exception) {
        if (cause(exception, List.of(MissingSourceTopicException.class)).isPresent()) {
            log.warn("event=source_topic_missing action=replace_thread message=\"{}\"", exception.getMessage());
            return StreamThreadExceptionResponse.REPLACE_THREAD;
        }
        var fenced = cause(exception, FENCED);
        if (fenced.isPresent()) {
            return replaceUnlessTooOften(fenced.get(), exception);
        }
        log.error("event=stream_thread_failed action=shutdown_client exception={}", exception.toString(), exception);
        return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
    }

    private StreamThreadExceptionResponse replaceUnlessTooOften(Throwable fenced, Throwable exception) {
        var now = clock.instant();
        while (!replacements.isEmpty() && !replacements.peekFirst().isAfter(now.minus(REPLACEMENT_WINDOW))) {
            replacements.removeFirst();
        }
        if (replacements.size() >= MAX_REPLACEMENTS) {
            log.error(
                    "event=stream_thread_fenced action=shutdown_client reason=fenced_too_often replacements={} "
                            + "windowMinutes={} cause={}",
                    replacements.size(),
                    REPLACEMENT_WINDOW.toMinutes(),
                    fenced.toString(),
                    exception);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        }
        replacements.addLast(now);
        log.warn(
                "event=stream_thread_fenced action=replace_thread replacements={} cause={} exception={}",
                replacements.size(),
                fenced.toString(),
                exception.toString());
        return StreamThreadExceptionResponse.REPLACE_THREAD;
    }

    /** The first of {@code exception} and its causes that is one of {@code types}. */
    private static Optional<Throwable> cause(Throwable exception, List<Class<? extends Throwable>> types) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            for (var type : types) {
                if (type.isInstance(cause)) {
                    return Optional.of(cause);
                }
            }
        }
        return Optional.empty();
    }
}
