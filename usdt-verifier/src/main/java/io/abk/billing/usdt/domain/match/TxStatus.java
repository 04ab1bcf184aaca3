package io.abk.billing.usdt.domain.match;

/** Where a transaction stands on the chain when it was read. */
public enum TxStatus {
    /** No such transaction, or its block is no longer on the canonical chain. */
    NOT_FOUND,
    /** Known to the node, not mined yet. */
    PENDING,
    /** Mined and failed: it moved nothing. */
    REVERTED,
    /** Mined and succeeded. */
    MINED
}
