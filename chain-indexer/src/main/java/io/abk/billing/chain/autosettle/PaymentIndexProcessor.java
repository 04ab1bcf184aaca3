package io.abk.billing.chain.autosettle;

import io.abk.billing.schemas.avro.PayoutPayment;
import java.util.Set;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the index of payments a transfer may pay, by payout address: an open or expired payment is (re)put, any
 * other status removes it. Snapshots of one payment arrive in order (one source partition per payment).
 */
final class PaymentIndexProcessor implements Processor<String, PayoutPayment, Void, Void> {

    /** A transfer pays an open payment, or an expired one late. */
    static final Set<String> PAYABLE = Set.of("open", "expired");

    private final AutoSettlementNodes nodes;
    private @Nullable KeyValueStore<String, PayoutPayment> index;

    PaymentIndexProcessor(AutoSettlementNodes nodes) {
        this.nodes = nodes;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        this.index = context.getStateStore(nodes.paymentsByPayout());
    }

    @Override
    public void process(Record<String, PayoutPayment> record) {
        var payment = record.value();
        if (index == null || payment == null) {
            return;
        }
        var key = record.key() + "|" + payment.getPaymentId();
        if (PAYABLE.contains(payment.getStatus())) {
            index.put(key, payment);
        } else {
            index.delete(key);
        }
    }
}
