package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeeDecision.Fees;
import io.abk.billing.chain.domain.relay.FeePolicy;
import java.math.BigInteger;
import java.util.List;

/**
 * A transaction handed to the node: its nonce, what it calls, and every signed version sent with that nonce (the
 * first, then replacements with higher fees), newest last. Whichever version is mined is the transaction.
 * {@code calls}: the vault calls it makes, one, or the charges of a batch ({@link FeePolicy#forCalls}).
 */
record SentTransaction(BigInteger nonce, String to, String data, int calls, List<Version> versions, long sentAtNanos) {

    record Version(String txHash, Fees fees) {}

    SentTransaction {
        versions = List.copyOf(versions);
    }

    Version latest() {
        return versions.getLast();
    }

    SentTransaction replacedBy(Version version) {
        var all = new java.util.ArrayList<>(versions);
        all.add(version);
        return new SentTransaction(nonce, to, data, calls, all, sentAtNanos);
    }
}
