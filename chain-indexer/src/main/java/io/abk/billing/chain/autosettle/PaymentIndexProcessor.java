package io.abk.billing.chain.autosettle;

import io.abk.billing.schemas.avro.PayoutPayment;
import io.abk.billing.streamskit.store.StoreProcessor;
import java.util.Set;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Keeps the index of payments a transfer may pay, by payout address: an open or expired payment is (re)put, any
 * other status removes it. Snapshots of one payment arrive in order (one source partition per payment).
 */
final class PaymentIndexProcessor
        extends StoreProcessor<String, PayoutPayment, Void, Void, KeyValueStore<String, PayoutPayment>> {

    /** A transfer pays an open payment, or an expired one late. */
    static final Set<String> PAYABLE = Set.of("open", "expired");

    PaymentIndexProcessor(AutoSettlementNodes nodes) {
        super(nodes.paymentsByPayout());
    }

    @Override
    public void process(Record<String, PayoutPayment> record) {
        var payment = record.value();
        if (payment == null) {
            return;
        }
        var key = record.key() + "|" + payment.getPaymentId();
        if (PAYABLE.contains(payment.getStatus())) {
            store().put(key, payment);
        } else {
            store().delete(key);
        }
    }
}
