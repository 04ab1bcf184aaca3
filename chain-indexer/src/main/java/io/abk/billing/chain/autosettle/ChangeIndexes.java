package io.abk.billing.chain.autosettle;

import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PayoutPayment;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.VaultMandate;
import java.util.List;
import java.util.Locale;
import org.apache.kafka.streams.KeyValue;

/**
 * What the indexes learn from a change: each payment snapshot, keyed by its mode and payout address, and each
 * subscription snapshot, keyed by its vault reference. A rejection changes nothing and carries no snapshot.
 */
final class ChangeIndexes {

    private ChangeIndexes() {}

    static List<KeyValue<String, PayoutPayment>> payments(Change change) {
        return change.getSnapshots().stream()
                .filter(PaymentSnapshot.class::isInstance)
                .map(PaymentSnapshot.class::cast)
                .map(payment -> KeyValue.pair(
                        payoutKey(payment.getMode().name(), payment.getPayoutAddress()),
                        PayoutPayment.newBuilder()
                                .setPaymentId(payment.getId())
                                .setMerchantId(payment.getMerchantId())
                                .setMode(payment.getMode())
                                .setPayoutAddress(lower(payment.getPayoutAddress()))
                                .setStatus(payment.getStatus())
                                .setAmountMicros(payment.getAmountMicros())
                                .setCustomerWallet(
                                        payment.getCustomerWallet() == null ? null : lower(payment.getCustomerWallet()))
                                .setCreatedAt(payment.getCreatedAt())
                                .build()))
                .toList();
    }

    static List<KeyValue<String, VaultMandate>> mandates(Change change) {
        return change.getSnapshots().stream()
                .filter(SubscriptionSnapshot.class::isInstance)
                .map(SubscriptionSnapshot.class::cast)
                .map(subscription -> {
                    var ref = SubscriptionRef.of(subscription.getId());
                    return KeyValue.pair(
                            ref,
                            VaultMandate.newBuilder()
                                    .setRef(ref)
                                    .setSubscriptionId(subscription.getId())
                                    .setMerchantId(subscription.getMerchantId())
                                    .setMode(subscription.getMode())
                                    .setPayoutAddress(lower(subscription.getPayoutAddress()))
                                    .setAmountMicros(subscription.getAmountMicros())
                                    .setInterval(subscription.getInterval())
                                    .setStatus(subscription.getStatus())
                                    .setMandateStatus(subscription.getMandateStatus())
                                    .setCreatedAt(subscription.getCreatedAt())
                                    .build());
                })
                .toList();
    }

    /** {@code test:0xabc...}: the key of every index entry and transfer about one payout address of one mode. */
    static String payoutKey(String mode, String address) {
        return mode.toLowerCase(Locale.ROOT) + ":" + lower(address);
    }

    static String lower(String address) {
        return address.toLowerCase(Locale.ROOT);
    }
}
