package io.abk.billing.chain.relay;

import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Hands out the relayer account's nonces one after the other without asking the chain each time, which is what
 * lets a batch of transactions be sent back to back. It starts from the chain's pending count (so transactions the
 * account sent elsewhere are counted) and reads it again after anything that may have broken the sequence: a send
 * the node refused (nonce too low, a gap) or a transaction never mined. The counter is trusted only while one of
 * its transactions is in flight: once every wait has ended, the next send reads the chain again, because a
 * reorganisation may have taken mined transactions back, and a counter ahead of the chain would leave every later
 * transaction behind a gap that no fee fills. One per chain and key, and one relayer per key: two processes sharing
 * a key would hand out the same nonces.
 */
final class NonceManager {

    private final RelayerRpc rpc;
    private final String address;
    private @Nullable BigInteger next;
    /** Nonces handed out whose transaction was not yet mined, given up or refused. */
    private int inFlight;

    NonceManager(RelayerRpc rpc, String address) {
        this.rpc = rpc;
        this.address = address;
    }

    /** The next nonce, in flight until {@link #release()}. */
    synchronized BigInteger allocate() {
        var nonce = next == null ? rpc.pendingNonce(address) : next;
        next = nonce.add(BigInteger.ONE);
        inFlight++;
        return nonce;
    }

    /** A nonce's transaction was mined, given up or refused; with none left in flight the chain is read again. */
    synchronized void release() {
        inFlight = Math.max(inFlight - 1, 0);
        if (inFlight == 0) {
            next = null;
        }
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
