package io.abk.billing.chain.relay;

import io.abk.billing.chainrpc.RpcUnavailableException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a relayer does before its first charge or refund: it settles the transactions a previous relayer of the same
 * key left in flight (a process stopped or killed in the middle of a batch, a replica that lost the chain's lease).
 * The account's pending count above its mined count says there are some. The relayer waits until they are mined, so
 * that every preflight sees what they did: a charge one of them made is answered with that transaction, found through
 * the vault, instead of being sent again behind it. Those still not mined after the receipt timeout (stuck under the
 * base fee, say) are replaced by transfers of nothing to the relayer itself at the fee caps: the request is then
 * preflighted afresh, and a stuck charge can neither hold every later transaction back nor move money after its
 * request was answered. docs/architecture.md, "The chain path", tells why it waits rather than sends.
 */
final class NonceRecovery {

    private static final Logger log = LoggerFactory.getLogger(NonceRecovery.class);
    /** A quarter of a second: a mined block is seen soon after it arrives, for one cheap read. */
    private static final Duration POLL = Duration.ofMillis(250);

    private final RelayerRpc rpc;
    private final TransactionSender sender;

    NonceRecovery(RelayerRpc rpc, TransactionSender sender) {
        this.rpc = rpc;
        this.sender = sender;
    }

    /**
     * Returns true once no transaction of the account waits in the node's pool any more, false as soon as
     * {@code stopping} says the relayer stops.
     *
     * @throws IllegalStateException when some are still not mined after they were cancelled: the relayer stops, and
     *     its supervisor starts a new one, which looks again
     * @throws RpcUnavailableException when the chain cannot be reached: the batch is answered as for any RPC failure
     */
    boolean settle(BooleanSupplier stopping) {
        var address = sender.address();
        var mined = rpc.minedNonce(address);
        var pending = rpc.pendingNonce(address);
        if (pending.compareTo(mined) <= 0) {
            return true;
        }
        long started = System.nanoTime();
        var patience = sender.receiptTimeout();
        log.info(
                "event=relayer_recovering chainId={} firstNonce={} lastNonce={} count={} action=await_mined",
                sender.chainId(),
                mined,
                pending.subtract(BigInteger.ONE),
                pending.subtract(mined));
        var first = minedUpTo(pending, patience, stopping);
        if (first.isEmpty()) {
            return false;
        }
        if (!first.get()) {
            var stuck = rpc.minedNonce(address);
            log.warn(
                    "event=relayer_cancelling chainId={} firstNonce={} lastNonce={} reason=not_mined_within_ms={}",
                    sender.chainId(),
                    stuck,
                    pending.subtract(BigInteger.ONE),
                    patience.toMillis());
            for (var nonce = stuck; nonce.compareTo(pending) < 0; nonce = nonce.add(BigInteger.ONE)) {
                sender.cancel(nonce);
            }
            var cancelled = minedUpTo(pending, patience, stopping);
            if (cancelled.isEmpty()) {
                return false;
            }
            if (!cancelled.get()) {
                throw new IllegalStateException("the transactions a previous relayer left with nonces " + stuck + " to "
                        + pending.subtract(BigInteger.ONE) + " are still not mined " + patience.toSeconds()
                        + " s after they were cancelled at the fee caps");
            }
        }
        log.info(
                "event=relayer_recovered chainId={} count={} waitedMs={}",
                sender.chainId(),
                pending.subtract(mined),
                (System.nanoTime() - started) / 1_000_000);
        return true;
    }

    /** Whether every nonce below {@code next} was mined within {@code patience}; empty when the relayer stopped. */
    private Optional<Boolean> minedUpTo(BigInteger next, Duration patience, BooleanSupplier stopping) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (rpc.minedNonce(sender.address()).compareTo(next) < 0) {
            if (System.nanoTime() - deadline > 0) {
                return Optional.of(false);
            }
            try {
                Thread.sleep(POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
            if (stopping.getAsBoolean()) {
                return Optional.empty();
            }
        }
        return Optional.of(true);
    }
}
