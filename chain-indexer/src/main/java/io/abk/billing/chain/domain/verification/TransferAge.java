package io.abk.billing.chain.domain.verification;

import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Whether a transfer is too old to pay a payment (docs/architecture.md, "One-time payment"): in live mode, one whose
 * block is older than the payment. A customer sends the transfer for a payment after its checkout showed it, so an
 * older transfer was made for something else, and neither a confirm with its hash ({@code PAYMENT_TX_TOO_OLD}) nor
 * the indexer's own match lets it pay.
 *
 * <p>Test mode has no such rule: a payment's creation time there is the merchant's test clock, which may run days
 * ahead of the chain's clock (nobody can move a public test chain's time), so a transfer made after the payment can
 * carry a block time "before" it.
 */
public final class TransferAge {

    private TransferAge() {}

    /** True when, in {@code mode}, a transfer mined at {@code minedAt} cannot pay a payment created at {@code createdAt}. */
    public static boolean tooOld(Mode mode, Instant minedAt, Instant createdAt) {
        // A block's time has whole seconds: a payment counts from the start of the second it was created in.
        return mode == Mode.LIVE && minedAt.isBefore(createdAt.truncatedTo(ChronoUnit.SECONDS));
    }
}
