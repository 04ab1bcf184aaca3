package io.abk.billing.chain.relay;

import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Receipt look-ups of many waiting transactions coalesced into JSON-RPC batches: a look-up made while another is on
 * the wire joins the next batch instead of making its own request. A lone wait costs one request as before; a
 * batch of hundreds of transactions waiting at once costs a few requests per poll interval instead of hundreds,
 * which a node busy mining them would otherwise have to answer one by one.
 */
final class ReceiptLookups {

    /** Hashes per batch: large enough for a whole relay batch, small enough for any provider's batch limit. */
    static final int MAX_BATCH = 500;

    private record Lookup(List<String> txHashes, CompletableFuture<Optional<MinedReceipt>> answer) {}

    private final RelayerRpc rpc;
    private final Object lock = new Object();
    private List<Lookup> queued = new ArrayList<>();
    private boolean onTheWire;

    ReceiptLookups(RelayerRpc rpc) {
        this.rpc = rpc;
    }

    /** The receipt of the first of {@code txHashes} (versions of one transaction) that is mined, if any. */
    Optional<MinedReceipt> first(List<String> txHashes) {
        var lookup = new Lookup(txHashes, new CompletableFuture<>());
        boolean sends;
        synchronized (lock) {
            queued.add(lookup);
            sends = !onTheWire;
            onTheWire = true;
        }
        if (sends) {
            sendUntilDrained();
        }
        try {
            return lookup.answer().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : e;
        }
    }

    /** Sends what is queued, then what was queued meanwhile, until nothing is: then another caller sends next. */
    private void sendUntilDrained() {
        while (true) {
            List<Lookup> batch;
            synchronized (lock) {
                if (queued.isEmpty()) {
                    onTheWire = false;
                    return;
                }
                batch = take();
            }
            var hashes =
                    batch.stream().flatMap(lookup -> lookup.txHashes().stream()).toList();
            try {
                var receipts = rpc.receipts(hashes);
                int next = 0;
                for (var lookup : batch) {
                    Optional<MinedReceipt> found = Optional.empty();
                    for (int i = 0; i < lookup.txHashes().size(); i++, next++) {
                        found = found.isPresent() ? found : receipts.get(next);
                    }
                    lookup.answer().complete(found);
                }
            } catch (RuntimeException failed) {
                batch.forEach(lookup -> lookup.answer().completeExceptionally(failed));
            }
        }
    }

    private List<Lookup> take() {
        var batch = new ArrayList<Lookup>();
        int hashes = 0;
        while (!queued.isEmpty()
                && (batch.isEmpty() || hashes + queued.getFirst().txHashes().size() <= MAX_BATCH)) {
            var lookup = queued.removeFirst();
            hashes += lookup.txHashes().size();
            batch.add(lookup);
        }
        return batch;
    }
}
