package io.abk.billing.chain.autosettle;

import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.streamskit.store.ExpirySweep;
import io.micrometer.core.instrument.Metrics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vault events that arrived before their subscription was known ({@code <ref>|<transfer id>|<retracted>} ->
 * the event, stamped with the wall-clock time it was put aside), bounded two ways, since anyone who can call the
 * vault contract can emit an event with a reference of their choosing:
 * <ul>
 *   <li>in time: an event waits at most the retention ({@link AutoSettlementSettings#pendingVaultEventRetention()},
 *       7 days by default), then is dropped; a subscription's snapshot follows its creation within seconds, so an
 *       event still waiting after that names no subscription of ours;</li>
 *   <li>per reference: at most {@link #PER_REF} events wait under one reference, further ones are dropped.</li>
 * </ul>
 * A dropped event is an event nobody claimed: logged at WARN and counted in
 * {@code billing_vault_events_dropped_total{reason}} ({@code expired} or {@code ref_full}). Expired entries are
 * swept in slices ({@link ExpirySweep}) by a wall-clock punctuation. An entry restored from the changelog carries
 * the time it was written; one a local store kept from before entries had times reads as time -1, so it counts as
 * expired at the first sweep, a minute after the start (a subscription's snapshot that was on its way still finds it
 * before then).
 */
final class PendingVaultEvents {

    private static final Logger log = LoggerFactory.getLogger(PendingVaultEvents.class);

    /**
     * A subscription's own vault history before its snapshot is known is a few events (subscribed, canceled, and a
     * retraction of each); sixteen leaves room for a reorganised chain replaying them, and a flood under one
     * reference stops here.
     */
    static final int PER_REF = 16;

    static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);
    static final int SWEEP_BATCH = 10_000;

    private final TimestampedKeyValueStore<String, ChainTransfer> store;
    private final ExpirySweep<String, ValueAndTimestamp<ChainTransfer>> expiry;

    PendingVaultEvents(TimestampedKeyValueStore<String, ChainTransfer> store, Duration retention) {
        this.store = store;
        this.expiry = new ExpirySweep<>(store, ValueAndTimestamp::timestamp, retention, SWEEP_BATCH);
    }

    /** Puts {@code event} aside under {@code ref}, or drops it when {@code ref} already holds {@link #PER_REF}. */
    void add(String ref, ChainTransfer event, long nowMs) {
        var key = prefix(ref) + TransferRouting.transferId(event) + "|" + event.getRetracted();
        if (store.get(key) == null && waiting(ref) >= PER_REF) {
            log.warn(
                    "event=vault_event_dropped reason=ref_full ref={} transferId={} txHash={} limit={}",
                    ref,
                    TransferRouting.transferId(event),
                    event.getTxHash(),
                    PER_REF);
            dropped("ref_full");
            return;
        }
        log.info(
                "event=vault_event_pending ref={} transferId={} reason=subscription_unknown",
                ref,
                TransferRouting.transferId(event));
        store.put(key, ValueAndTimestamp.make(event, nowMs));
    }

    /** Removes and returns the events waiting under {@code ref}, in key order. */
    List<ChainTransfer> take(String ref) {
        var keys = new ArrayList<String>();
        var events = new ArrayList<ChainTransfer>();
        try (var entries = store.prefixScan(prefix(ref), new StringSerializer())) {
            entries.forEachRemaining(entry -> {
                keys.add(entry.key);
                events.add(entry.value.value());
            });
        }
        keys.forEach(store::delete);
        return events;
    }

    /** Drops the expired events among the next slice of keys; returns how many it dropped. */
    int sweep(long nowMs) {
        return expiry.sweep(nowMs, (key, stored) -> {
            var event = stored.value();
            log.warn(
                    "event=vault_event_dropped reason=expired key={} txHash={} pendingSince={} ageHours={}",
                    key,
                    event.getTxHash(),
                    Instant.ofEpochMilli(stored.timestamp()),
                    Duration.ofMillis(nowMs - stored.timestamp()).toHours());
            dropped("expired");
        });
    }

    private int waiting(String ref) {
        int count = 0;
        try (var entries = store.prefixScan(prefix(ref), new StringSerializer())) {
            while (count < PER_REF && entries.hasNext()) {
                entries.next();
                count++;
            }
        }
        return count;
    }

    private static String prefix(String ref) {
        return ref + "|";
    }

    private static void dropped(String reason) {
        Metrics.counter("billing.vault_events_dropped", "service", "chain-indexer", "reason", reason)
                .increment();
    }
}
