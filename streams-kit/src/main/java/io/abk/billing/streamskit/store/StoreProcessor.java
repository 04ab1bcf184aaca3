package io.abk.billing.streamskit.store;

import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.jspecify.annotations.Nullable;

/**
 * A processor that works on one state store, opened by name when its task starts ({@link #init}); the store and
 * the context are then there for every record, and a use before that fails as the bug it is.
 *
 * @param <S> the store's type, as the topology declares it
 */
public abstract class StoreProcessor<KIn, VIn, KOut, VOut, S extends StateStore>
        extends ContextualProcessor<KIn, VIn, KOut, VOut> {

    private final String storeName;
    private @Nullable S store;

    protected StoreProcessor(String storeName) {
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<KOut, VOut> context) {
        super.init(context);
        this.store = context.getStateStore(storeName);
    }

    /** The store, opened at {@link #init}. */
    protected final S store() {
        if (store == null) {
            throw new IllegalStateException("store " + storeName + " used before init()");
        }
        return store;
    }
}
