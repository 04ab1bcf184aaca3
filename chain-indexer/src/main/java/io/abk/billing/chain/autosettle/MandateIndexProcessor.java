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
 * Keeps the index of subscriptions by vault reference, from each subscription snapshot, and applies the vault
 * events that arrived before their subscription was known (kept aside by {@link VaultEventProcessor}).
 */
final class MandateIndexProcessor implements Processor<String, VaultMandate, String, SettlementOutput> {

    private final AutoSettlementNodes nodes;
    private final AutoSettlementSettings settings;
    private @Nullable ProcessorContext<String, SettlementOutput> context;
    private @Nullable KeyValueStore<String, VaultMandate> mandates;
    private @Nullable PendingVaultEvents pending;

    MandateIndexProcessor(AutoSettlementNodes nodes, AutoSettlementSettings settings) {
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
    public void process(Record<String, VaultMandate> record) {
        var mandate = record.value();
        if (context == null || mandates == null || pending == null || mandate == null) {
            return;
        }
        mandates.put(record.key(), mandate);
        for (var event : pending.take(record.key())) {
            var output = VaultEvents.apply(event, mandate, settings);
            if (output.isPresent()) {
                context.forward(new Record<>(mandate.getSubscriptionId(), output.get(), record.timestamp()));
            }
        }
    }
}
