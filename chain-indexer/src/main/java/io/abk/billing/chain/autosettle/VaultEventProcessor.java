package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.VaultMandate;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * Applies a vault event, keyed by its reference, to the subscription the index knows under that reference
 * ({@link VaultEvents}). An event whose subscription is not known yet (its snapshot is still on its way, or it
 * names no subscription of ours) waits in {@link PendingVaultEvents} until {@link MandateIndexProcessor} learns it;
 * one that names no subscription of ours is dropped after the retention, which a wall-clock punctuation sweeps.
 */
final class VaultEventProcessor implements Processor<String, ChainTransfer, String, SettlementOutput> {

    private final AutoSettlementNodes nodes;
    private final AutoSettlementSettings settings;
    private @Nullable ProcessorContext<String, SettlementOutput> context;
    private @Nullable KeyValueStore<String, VaultMandate> mandates;
    private @Nullable PendingVaultEvents pending;

    VaultEventProcessor(AutoSettlementNodes nodes, AutoSettlementSettings settings) {
        this.nodes = nodes;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SettlementOutput> context) {
        this.context = context;
        this.mandates = context.getStateStore(nodes.mandatesByRef());
        TimestampedKeyValueStore<String, ChainTransfer> store = context.getStateStore(nodes.pendingVaultEvents());
        var pendingEvents = new PendingVaultEvents(store, settings.pendingVaultEventRetention());
        this.pending = pendingEvents;
        context.schedule(PendingVaultEvents.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, pendingEvents::sweep);
    }

    @Override
    public void process(Record<String, ChainTransfer> record) {
        var event = record.value();
        if (context == null || mandates == null || pending == null || event == null) {
            return;
        }
        var mandate = mandates.get(record.key());
        if (mandate == null) {
            pending.add(record.key(), event, context.currentSystemTimeMs());
            return;
        }
        var output = VaultEvents.apply(event, mandate, settings);
        if (output.isPresent()) {
            context.forward(new Record<>(mandate.getSubscriptionId(), output.get(), record.timestamp()));
        }
    }
}
