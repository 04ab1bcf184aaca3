package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.VaultMandate;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a vault event, keyed by its reference, to the subscription the index knows under that reference
 * ({@link VaultEvents}). An event whose subscription is not known yet (its snapshot is still on its way, or it
 * names no subscription of ours) waits in {@code pending} until {@link MandateIndexProcessor} learns it; a
 * reference that is never ours simply stays there, one small entry per stray event.
 */
final class VaultEventProcessor implements Processor<String, ChainTransfer, String, SettlementOutput> {

    private static final Logger log = LoggerFactory.getLogger(VaultEventProcessor.class);

    private final AutoSettlementNodes nodes;
    private final AutoSettlementSettings settings;
    private @Nullable ProcessorContext<String, SettlementOutput> context;
    private @Nullable KeyValueStore<String, VaultMandate> mandates;
    private @Nullable KeyValueStore<String, ChainTransfer> pending;

    VaultEventProcessor(AutoSettlementNodes nodes, AutoSettlementSettings settings) {
        this.nodes = nodes;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SettlementOutput> context) {
        this.context = context;
        this.mandates = context.getStateStore(nodes.mandatesByRef());
        this.pending = context.getStateStore(nodes.pendingVaultEvents());
    }

    @Override
    public void process(Record<String, ChainTransfer> record) {
        var event = record.value();
        if (context == null || mandates == null || pending == null || event == null) {
            return;
        }
        var mandate = mandates.get(record.key());
        if (mandate == null) {
            log.info("event=vault_event_pending ref={} transferId={} reason=subscription_unknown", record.key(),
                    TransferRouting.transferId(event));
            pending.put(record.key() + "|" + TransferRouting.transferId(event) + "|" + event.getRetracted(), event);
            return;
        }
        var output = VaultEvents.apply(event, mandate, settings);
        if (output.isPresent()) {
            context.forward(new Record<>(mandate.getSubscriptionId(), output.get(), record.timestamp()));
        }
    }
}
