package io.abk.billing.contracts;

import java.math.BigInteger;
import java.time.Instant;

/** The vault's events, decoded from a log by {@link SubscriptionVaultAbi#decodeEvent}. Ids are lower-case hex. */
public sealed interface VaultEvent {

    /** The subscription reference (keccak256 of the subscription id) the event is about. */
    String ref();

    record Subscribed(
            String ref,
            String customer,
            String merchant,
            String token,
            BigInteger amount,
            int periodMonths,
            Instant firstChargeAt)
            implements VaultEvent {}

    record Charged(String ref, long periodIndex, BigInteger amount, String chargeId) implements VaultEvent {}

    /**
     * A charge of a {@code chargeBatch} that the vault refused, and why: what the same charge alone would have reverted
     * with. The batch's other charges are not affected.
     */
    record ChargeFailed(String ref, String chargeId, VaultError reason) implements VaultEvent {}

    /** @param by the customer or the relayer */
    record Canceled(String ref, String by) implements VaultEvent {}

    record Refunded(String ref, BigInteger amount, String refundId) implements VaultEvent {}
}
