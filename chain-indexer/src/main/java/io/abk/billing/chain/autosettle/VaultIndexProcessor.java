package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.VaultMandate;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * What the two processors where a vault event meets its subscription share: the index of subscriptions by vault
 * reference and the vault events waiting for theirs ({@link PendingVaultEvents}), both opened at init, and how an
 * event is applied to the subscription it names ({@link VaultEvents}). Whichever of the two arrives second applies.
 *
 * @param <V> the value this processor reads: a subscription's vault mandate or a vault event
 */
abstract class VaultIndexProcessor<V> implements Processor<String, V, String, SettlementOutput> {

    private final AutoSettlementNodes nodes;
    private final AutoSettlementSettings settings;
    private @Nullable ProcessorContext<String, SettlementOutput> context;
    private @Nullable KeyValueStore<String, VaultMandate> mandates;
    private @Nullable PendingVaultEvents pending;

    VaultIndexProcessor(AutoSettlementNodes nodes, AutoSettlementSettings settings) {
        this.nodes = nodes;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SettlementOutput> context) {
        this.context = context;
        this.mandates = context.getStateStore(nodes.mandatesByRef());
        TimestampedKeyValueStore<String, ChainTransfer> store = context.getStateStore(nodes.pendingVaultEvents());
        this.pending = new PendingVaultEvents(store, settings.pendingVaultEventRetention());
    }

    @Override
    public final void process(Record<String, V> record) {
        var value = record.value();
        if (context == null || mandates == null || pending == null || value == null) {
            return;
        }
        process(record, value);
    }

    /** Handles {@code value}, the record's, once the stores are open. */
    abstract void process(Record<String, V> record, V value);

    final ProcessorContext<String, SettlementOutput> context() {
        return opened(context);
    }

    /** The subscriptions' vault mandates by vault reference. */
    final KeyValueStore<String, VaultMandate> mandates() {
        return opened(mandates);
    }

    /** The vault events waiting for their subscription. */
    final PendingVaultEvents pending() {
        return opened(pending);
    }

    /** Applies {@code event} to the subscription of {@code mandate} and forwards what that starts, if anything. */
    final void apply(ChainTransfer event, VaultMandate mandate, long timestamp) {
        var output = VaultEvents.apply(event, mandate, settings);
        if (output.isPresent()) {
            context().forward(new Record<>(mandate.getSubscriptionId(), output.get(), timestamp));
        }
    }

    private static <T> T opened(@Nullable T opened) {
        if (opened == null) {
            throw new IllegalStateException("used before init()");
        }
        return opened;
    }
}
