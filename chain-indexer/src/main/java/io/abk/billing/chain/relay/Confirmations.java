package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a charge's or refund's answer back until the transaction that moved the money is as deep as the chain
 * follower publishes its logs (the chain's confirmation depth: that many blocks on top of its block) and still in
 * the canonical chain. A reorganisation shallower than the depth can then take back only a transaction nobody was told
 * about, and a deeper one takes back what the follower published, which it retracts (docs/architecture.md, "The
 * chain path"). The chain's head is read once per poll for every transaction waiting.
 */
final class Confirmations {

    private static final Logger log = LoggerFactory.getLogger(Confirmations.class);
    /** A quarter of a second: a deep block is seen soon after it arrives, for one head read per poll in all. */
    private static final Duration POLL = Duration.ofMillis(250);

    /** Where a mined transaction stands. */
    sealed interface Depth {

        /** As deep as the follower publishes, in the canonical chain: {@code receipt} as it is there. */
        record Deep(MinedReceipt receipt) implements Depth {}

        /** No longer in the canonical chain: a reorganisation took its block back, and no other block has it. */
        record TakenBack() implements Depth {}

        /** Not deep within the patience (the chain stalled), or the relayer stopped meanwhile. */
        record NotDeep(String reason) implements Depth {}
    }

    private final RelayerRpc rpc;
    private final ReceiptLookups receipts;
    private final int depth;
    private final Duration patience;
    private final Object headLock = new Object();
    private long head = -1;
    private long headReadAt;

    /**
     * @param depth    blocks on top of a transaction's block before it is answered (the chain's confirmations)
     * @param patience how long the chain may take to grow that deep (the receipt timeout)
     */
    Confirmations(RelayerRpc rpc, ReceiptLookups receipts, int depth, Duration patience) {
        this.rpc = rpc;
        this.receipts = receipts;
        this.depth = depth;
        this.patience = patience;
    }

    /** Waits until {@code mined} is deep; a transaction mined again in another block is waited for there. */
    Depth await(MinedReceipt mined) {
        var current = mined;
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            if (head() - current.blockNumber() >= depth) {
                var now = receipts.first(List.of(current.txHash()));
                if (now.isEmpty()) {
                    return new Depth.TakenBack();
                }
                if (now.get().blockHash().equals(current.blockHash())) {
                    return new Depth.Deep(now.get());
                }
                current = now.get();
                continue;
            }
            if (System.nanoTime() - deadline > 0) {
                return new Depth.NotDeep("Transaction " + current.txHash() + " was mined in block "
                        + current.blockNumber() + " but the chain did not grow " + depth + " blocks on top within "
                        + patience.toSeconds()
                        + " s; a retry is safe: it answers with this transaction once it is deep");
            }
            try {
                Thread.sleep(POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Depth.NotDeep("The relayer was stopped before the transaction was deep; a retry is safe");
            }
        }
    }

    /**
     * {@code moved}, the transaction the vault names for a charge or refund made before (by an earlier attempt or a
     * relayer that stopped before it answered), once it is deep, with the gas of its receipt; a refusal that asks for a retry when it is no longer
     * on the chain or does not get deep in time.
     */
    RelayOutcome original(RelayOutcome.Moved moved) {
        var receipt = receipts.first(List.of(moved.txHash()));
        var depth = receipt.map(this::await).orElseGet(Depth.TakenBack::new);
        return switch (depth) {
            // The original's own receipt says what it cost, whichever relayer sent it.
            case Depth.Deep deep ->
                new RelayOutcome.Moved(moved.txHash(), deep.receipt().gas());
            case Depth.NotDeep notDeep -> RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, notDeep.reason());
            case Depth.TakenBack takenBack -> {
                log.warn("event=original_taken_back txHash={} action=answer_retry", moved.txHash());
                yield RelayOutcome.Refused.of(
                        FailureCode.RELAYER_ERROR,
                        "Transaction " + moved.txHash()
                                + " is no longer on the chain (a reorganisation took it back); a retry is safe");
            }
        };
    }

    /** The head's number, read again when the last read is older than a poll. */
    private long head() {
        synchronized (headLock) {
            long now = System.nanoTime();
            if (head < 0 || now - headReadAt >= POLL.toNanos()) {
                head = rpc.head().number();
                headReadAt = now;
            }
            return head;
        }
    }
}
