package io.abk.billing.chain.relay;

import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Hands out the relayer account's nonces one after the other without asking the chain each time, which is what
 * lets a batch of transactions be sent back to back. It starts from the chain's pending count (so transactions the
 * account sent elsewhere are counted) and reads it again after anything that may have broken the sequence: a send
 * the node refused (nonce too low, a gap) or a transaction never mined. One per chain and key, and one relayer per
 * key: two processes sharing a key would hand out the same nonces.
 */
final class NonceManager {

    private final RelayerRpc rpc;
    private final String address;
    private @Nullable BigInteger next;

    NonceManager(RelayerRpc rpc, String address) {
        this.rpc = rpc;
        this.address = address;
    }

    synchronized BigInteger allocate() {
        var nonce = next == null ? rpc.pendingNonce(address) : next;
        next = nonce.add(BigInteger.ONE);
        return nonce;
    }

    /** Reads the chain's pending count now. */
    synchronized void resync() {
        next = rpc.pendingNonce(address);
    }

    /** The next {@link #allocate()} reads the chain's pending count first. */
    synchronized void invalidate() {
        next = null;
    }
}
