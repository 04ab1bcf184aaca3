package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.ChainTransfer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Applies a vault event, keyed by its reference, to the subscription the index knows under that reference
 * ({@link VaultEvents}). An event whose subscription is not known yet (its snapshot is still on its way, or it
 * names no subscription of ours) waits in {@link PendingVaultEvents} until {@link MandateIndexProcessor} learns it;
 * one that names no subscription of ours is dropped after the retention, which a wall-clock punctuation sweeps.
 */
final class VaultEventProcessor extends VaultIndexProcessor<ChainTransfer> {

    VaultEventProcessor(AutoSettlementNodes nodes, AutoSettlementSettings settings) {
        super(nodes, settings);
    }

    @Override
    public void init(ProcessorContext<String, SettlementOutput> context) {
        super.init(context);
        context.schedule(PendingVaultEvents.SWEEP_INTERVAL, PunctuationType.WALL_CLOCK_TIME, pending()::sweep);
    }

    @Override
    void process(Record<String, ChainTransfer> record, ChainTransfer event) {
        var mandate = mandates().get(record.key());
        if (mandate == null) {
            pending().add(record.key(), event, context().currentSystemTimeMs());
            return;
        }
        apply(event, mandate, record.timestamp());
    }
}
