package io.abk.billing.systemtests.stack;

import static org.awaitility.Awaitility.await;

import io.abk.billing.localchain.AnvilRpc;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.web3j.protocol.http.HttpService;
import org.web3j.utils.Numeric;

/**
 * The stack's anvil as its operator controls it: interval mining paused and resumed, a block mined now, the next
 * block's base fee, reorganisations (optionally with transactions of the new chain), and the transactions waiting in
 * its pool. A test that pauses mining resumes it in a {@code finally}: the stack's other tests need their blocks.
 */
final class ChainNode {

    /** A transaction in the pool, with its nonce and EIP-1559 fees (wei per gas). */
    record PendingTransaction(
            String hash, BigInteger nonce, BigInteger maxFeePerGas, BigInteger maxPriorityFeePerGas) {}

    private final HttpService http;

    ChainNode(HttpService http) {
        this.http = http;
    }

    /** Stops interval mining: no block comes until {@link #mine()} or {@link #resumeMining()}. */
    void pauseMining() {
        call("evm_setIntervalMining", List.of(0));
    }

    /** Interval mining again at the stack's block time of one second. */
    void resumeMining() {
        call("evm_setIntervalMining", List.of(1));
    }

    void mine() {
        call("evm_mine", List.of());
    }

    /** The base fee of the next mined block (anvil drops from its pool what can no longer pay it). */
    void setNextBlockBaseFee(BigInteger weiPerGas) {
        call("anvil_setNextBlockBaseFeePerGas", List.of(Numeric.encodeQuantity(weiPerGas)));
    }

    /** Replaces the newest {@code depth} blocks with empty ones: their transactions are gone from the chain. */
    void reorg(long depth) {
        reorg(depth, List.of());
    }

    /**
     * Replaces the newest {@code depth} blocks with new ones holding only {@code signedTransactions} (raw, {@code 0x}
     * hex), all in the first new block: the old blocks' transactions are gone, these are there instead.
     */
    void reorg(long depth, List<String> signedTransactions) {
        call(
                "anvil_reorg",
                List.of(
                        depth,
                        signedTransactions.stream().map(tx -> List.of(tx, 0)).toList()));
    }

    /** The first transaction of {@code from} waiting in the pool, if any. */
    Optional<PendingTransaction> pending(String from) {
        if (!(call("txpool_content", List.of()) instanceof Map<?, ?> content)
                || !(content.get("pending") instanceof Map<?, ?> pending)) {
            return Optional.empty();
        }
        return pending.entrySet().stream()
                .filter(entry -> String.valueOf(entry.getKey()).equalsIgnoreCase(from))
                .map(Map.Entry::getValue)
                .filter(Map.class::isInstance)
                .flatMap(byNonce -> ((Map<?, ?>) byNonce).values().stream())
                .filter(Map.class::isInstance)
                .map(tx -> (Map<?, ?>) tx)
                .map(tx -> new PendingTransaction(
                        String.valueOf(tx.get("hash")),
                        quantity(tx.get("nonce")),
                        quantity(tx.get("maxFeePerGas")),
                        quantity(tx.get("maxPriorityFeePerGas"))))
                .min(Comparator.comparing(PendingTransaction::nonce));
    }

    /** The first transaction of {@code from} in the pool once there is one (other than {@code not}, when given). */
    PendingTransaction awaitPending(String from, @Nullable String not) {
        return await("a transaction of " + from + " in the pool" + (not == null ? "" : " other than " + not))
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> pending(from),
                        pending -> pending.isPresent() && !pending.get().hash().equalsIgnoreCase(String.valueOf(not)))
                .orElseThrow();
    }

    /** Calls a JSON-RPC method; its result as JSON-decoded Java values. */
    Object call(String method, List<?> params) {
        return AnvilRpc.call(http, method, params);
    }

    private static BigInteger quantity(@Nullable Object hex) {
        return hex == null ? BigInteger.ZERO : Numeric.decodeQuantity(String.valueOf(hex));
    }
}
