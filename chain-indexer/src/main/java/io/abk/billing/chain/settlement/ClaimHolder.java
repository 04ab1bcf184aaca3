package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.Mode;
import org.jspecify.annotations.Nullable;

/**
 * Who holds a transaction hash in the {@code tx-claims} store, as stored: {@code claimantId|aggregateId|merchantId|MODE}
 * (a payment: its id twice; an invoice: the invoice id, then its subscription). The aggregate and tenant are there
 * so that a retraction of the hash can reopen what it paid. Claims written before they carried them hold the
 * claimant id alone, which still decides who may use the hash.
 */
public record ClaimHolder(
        String claimantId,
        @Nullable String aggregateId,
        @Nullable String merchantId,
        @Nullable Mode mode) {

    private static final String SEPARATOR = "|";

    public static ClaimHolder of(String claimantId, String aggregateId, String merchantId, Mode mode) {
        return new ClaimHolder(claimantId, aggregateId, merchantId, mode);
    }

    /** The stored value, or null for none. */
    public static @Nullable ClaimHolder parse(@Nullable String stored) {
        if (stored == null) {
            return null;
        }
        var parts = stored.split("\\|", -1);
        if (parts.length != 4) {
            return new ClaimHolder(stored, null, null, null);
        }
        return new ClaimHolder(parts[0], parts[1], parts[2], Mode.valueOf(parts[3]));
    }

    /** Whom to tell about a retraction: the aggregate the hash paid and its tenant. */
    public record Address(String aggregateId, String merchantId, Mode mode) {}

    /** Whom to tell about a retraction, or null for a claim that predates tenant-carrying claims. */
    public @Nullable Address address() {
        return aggregateId != null && merchantId != null && mode != null
                ? new Address(aggregateId, merchantId, mode)
                : null;
    }

    /** True when the holder also says whom to tell about a retraction. */
    public boolean addressable() {
        return address() != null;
    }

    public String stored() {
        var address = address();
        return address != null
                ? String.join(
                        SEPARATOR,
                        claimantId,
                        address.aggregateId(),
                        address.merchantId(),
                        address.mode().name())
                : claimantId;
    }
}
