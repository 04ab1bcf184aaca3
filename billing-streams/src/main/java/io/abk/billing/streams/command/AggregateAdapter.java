package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Change;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.jspecify.annotations.Nullable;

/**
 * One aggregate type's part of {@link CommandProcessor}, the one class between the processor and the aggregate's
 * decider: turns one command (its envelope, and the {@link CommandHeader} the processor read from it) and the stored
 * aggregate into everything to write (map the envelope to an instruction, decide, evolve, map the result back to Avro).
 * {@link #apply} computes every output before anything is written, so a command that throws leaves nothing
 * half-applied behind; an adapter with a store of its own besides the aggregate store (the subscription's settled
 * invoices) opens it in {@link #init} and writes it as the last step of {@link #apply}, after computing.
 *
 * @param <C> the command envelope on the aggregate's command topic
 * @param <A> the aggregate's store value
 */
public interface AggregateAdapter<C, A> {

    /** The id of the aggregate a store value holds: the key it must be stored under. */
    String idOf(A stored);

    /** Opens the stores the adapter keeps beside the processor's two; none by default. */
    default void init(ProcessorContext<?, ?> context) {}

    /**
     * The commands {@code command} carries when it is a batch (the scheduler's renewals of one tick), each to be
     * applied exactly as if it had come alone, in order; null when it is a single command, as every command is by
     * default.
     */
    default @Nullable List<C> batchItems(C command) {
        return null;
    }

    /**
     * What a batch's items asked to send, once every item was applied: the adapter may send several records to one
     * addressee as one (the numbers of a batch's invoices as one request), as long as each record's own id goes with
     * it. The items' changes are not among them: each is written as its item is applied. By default every record
     * goes out as it is, in order.
     */
    default List<Forward> combine(List<Forward> forwards) {
        return forwards;
    }

    /**
     * Decides {@code command}, whose header is {@code header}, against {@code stored} (null: no aggregate
     * under this key yet; else the aggregate the key names).
     */
    Applied<A> apply(CommandHeader header, C command, @Nullable A stored);

    /**
     * The state a decided command left, which must be one of the aggregate's {@code existing} states: a command that
     * was not rejected and left no aggregate is a bug in the aggregate's decider or evolver.
     */
    static <E> E existing(Object state, Class<E> existing, CommandHeader header, String aggregateType) {
        if (!existing.isInstance(state)) {
            throw new IllegalStateException(
                    "command " + header.commandId() + " was decided but left no " + aggregateType);
        }
        return existing.cast(state);
    }

    /**
     * What one command produces: {@code aggregate} is the new store value, or null when the store keeps its value
     * (a rejection); {@code change} is written always, keyed by the aggregate id; {@code forwards} go out in order.
     */
    record Applied<A>(@Nullable A aggregate, Change change, List<Forward> forwards) {
        public Applied {
            forwards = List.copyOf(forwards);
        }

        /** A rejected command: the store keeps its value and nothing goes out but the change. */
        public static <A> Applied<A> rejected(Change change) {
            return new Applied<>(null, change, List.of());
        }
    }

    /** A record for the sink node {@code sink} (an event, a chain request, a command to another aggregate). */
    record Forward(String sink, String key, SpecificRecord value) {}
}
