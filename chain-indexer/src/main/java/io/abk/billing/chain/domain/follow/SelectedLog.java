package io.abk.billing.chain.domain.follow;

import org.jspecify.annotations.Nullable;

/** A log the follower publishes, with what {@link LogSelection} learned about it. */
public sealed interface SelectedLog {

    ChainLog log();

    /**
     * A {@code Transfer} of a followed token from or to a watched address; {@code viaVault} when its transaction also
     * carries the vault's {@code Charged} or {@code Refunded}: the vault moved it for a subscription.
     * {@code authorizationNonce} when its transaction carries the same token's {@code AuthorizationUsed} with
     * {@code authorizer = from}: an EIP-3009 {@code transferWithAuthorization} moved it, and the nonce names what the
     * customer signed (a one-time payment signs {@code keccak256(paymentId)}).
     */
    record TokenTransferLog(
            ChainLog log,
            FollowedToken token,
            String from,
            String to,
            boolean viaVault,
            @Nullable String authorizationNonce)
            implements SelectedLog {}

    /** One of the vault's events. */
    record VaultLog(ChainLog log, VaultLogKind kind) implements SelectedLog {}

    /** Which of the vault's events a vault log is. */
    enum VaultLogKind {
        SUBSCRIBED,
        CHARGED,
        CANCELED,
        REFUNDED
    }
}
