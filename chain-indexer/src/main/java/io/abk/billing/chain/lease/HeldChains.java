package io.abk.billing.chain.lease;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.supervise.ChainStatus;
import io.abk.billing.chain.supervise.LeaseCheck;
import io.abk.billing.chain.supervise.RunningChain;
import io.abk.billing.opskit.http.Health;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chains whose lease this replica holds, each with its running workers: started and stopped by the lease thread
 * alone (in its rebalance callbacks and at close), read by any thread (gauges, health).
 */
final class HeldChains {

    private static final Logger log = LoggerFactory.getLogger(HeldChains.class);

    private final String groupId;
    private final ChainWorkers workers;
    private final LeaseCheck lease;
    private final Map<Long, RunningChain> active = new ConcurrentHashMap<>();

    HeldChains(String groupId, ChainWorkers workers, LeaseCheck lease) {
        this.groupId = groupId;
        this.workers = workers;
        this.lease = lease;
    }

    boolean runs(long chainId) {
        return active.containsKey(chainId);
    }

    Set<Long> ids() {
        return Set.copyOf(active.keySet());
    }

    Optional<ChainStatus> status(long chainId) {
        return Optional.ofNullable(active.get(chainId)).map(RunningChain::status);
    }

    Map<String, Health> health() {
        var components = new TreeMap<String, Health>();
        active.forEach((chainId, running) -> components.put(
                ChainStatus.componentName(chainId), running.status().health()));
        return components;
    }

    /** Starts {@code chain}'s workers: its lease, {@code partition}, was just assigned here. */
    void start(ChainSettings chain, int partition) {
        long started = System.nanoTime();
        try {
            active.put(chain.chainId(), workers.start(chain, lease));
            log.info(
                    "event=chain_lease_acquired groupId={} chainId={} mode={} partition={} startMs={}",
                    groupId,
                    chain.chainId(),
                    chain.mode().label(),
                    partition,
                    (System.nanoTime() - started) / 1_000_000);
        } catch (RuntimeException e) {
            // Same config in every replica: another would fail the same way, so the lease stays here, said loudly.
            log.error(
                    "event=chain_workers_not_started groupId={} chainId={} mode={} error={}",
                    groupId,
                    chain.chainId(),
                    chain.mode().label(),
                    e.toString(),
                    e);
        }
    }

    /** Stops {@code chainId}'s workers and returns once they have stopped; {@code how} the lease went. */
    void stop(long chainId, String how) {
        var running = active.remove(chainId);
        if (running == null) {
            return;
        }
        long started = System.nanoTime();
        try {
            running.close();
        } catch (RuntimeException e) {
            log.warn(
                    "event=chain_workers_close_failed groupId={} chainId={} error={}",
                    groupId,
                    chainId,
                    e.toString(),
                    e);
        }
        log.info(
                "event=chain_lease_released groupId={} chainId={} how={} stopMs={}",
                groupId,
                chainId,
                how,
                (System.nanoTime() - started) / 1_000_000);
    }

    void stopAll(String how) {
        for (var chainId : List.copyOf(active.keySet())) {
            stop(chainId, how);
        }
    }
}
