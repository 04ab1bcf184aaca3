package io.abk.billing.usdt.chain;

import io.abk.billing.usdt.domain.match.TxEvidence;

/** What the verifier learns about transactions: the chain's view, or the sandbox's. Calls block; run them off the event loop. */
public interface TransactionSource {

    /** What a canonical transaction hash shows; {@link ChainUnavailableException} when the chain cannot be read. */
    TxEvidence evidence(String txHash);

    /** The transactions that paid {@code payToAddress} in the latest {@code blocks} blocks. */
    RecentTransfers recent(String payToAddress, int blocks);

    /** True in sandbox mode: nothing is read, reserved hashes select outcomes and a poll pays every open intent. */
    boolean sandbox();
}
