package io.abk.billing.chain.autosettle;

/**
 * The names of auto-settlement's stores, shared by the topology that declares them and the processors that use
 * them. Renaming a store is a migration: its changelog topic carries the name.
 *
 * @param paymentsByPayout {@code <mode>:<payout>|<payment id>} -> the open or expired payment
 * @param mandatesByRef vault reference -> the subscription it names
 * @param pendingVaultEvents {@code <ref>|<transfer id>|<retracted>} -> a vault event that arrived before its
 *     subscription, with the time it was put aside ({@link PendingVaultEvents})
 * @param txClaims the settlement's claims of transaction hashes, shared
 */
public record AutoSettlementNodes(
        String paymentsByPayout, String mandatesByRef, String pendingVaultEvents, String txClaims) {}
