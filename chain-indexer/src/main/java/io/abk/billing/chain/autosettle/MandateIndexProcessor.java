package io.abk.billing.chain.autosettle;

import io.abk.billing.schemas.avro.VaultMandate;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Keeps the index of subscriptions by vault reference, from each subscription snapshot, and applies the vault
 * events that arrived before their subscription was known (kept aside by {@link VaultEventProcessor}).
 */
final class MandateIndexProcessor extends VaultIndexProcessor<VaultMandate> {

    MandateIndexProcessor(AutoSettlementNodes nodes, AutoSettlementSettings settings) {
        super(nodes, settings);
    }

    @Override
    void process(Record<String, VaultMandate> record, VaultMandate mandate) {
        mandates().put(record.key(), mandate);
        for (var event : pending().take(record.key())) {
            apply(event, mandate, record.timestamp());
        }
    }
}
