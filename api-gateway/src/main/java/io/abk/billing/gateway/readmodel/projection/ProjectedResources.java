package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.gateway.readmodel.projection.ProjectionBatch.SnapshotRow;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The read model's rendered resources (subscriptions, invoices, payments, links, customers, coupons, promotion codes) kept in memory, so a read by id
 * needs no database round trip. Only this replica's projector makes it current, so it answers only while that
 * projector holds <em>every</em> partition of {@code billing.changes}: then every change of every resource passes
 * through this process before any replica can answer the command that made it.
 *
 * <p><b>Read-your-writes.</b> The projector puts a batch's rows here before its PostgreSQL transaction commits, so
 * before the outcome's NOTIFY or the in-process wake-up can answer a request; what is here is never older than
 * what a request was told. When the projector loses or gives up a partition (a second gateway joined, a rebalance,
 * Kafka lost), it stops serving and forgets everything first, and the next hold starts empty. A replica cut off
 * from the group's coordinator stops serving half a session after its last heartbeat answer, before the
 * coordinator can give its partitions to another member ({@link #serveUntil}).
 *
 * <p><b>Filling from the database.</b> A read that misses goes to PostgreSQL and may keep what it found, unless
 * the projector put a row of the same stripe of ids while the read ran ({@link #stamp}, {@link #fill}): such a
 * read may have seen the row just before the projector's commit. Nor when this stopped serving meanwhile, even if it
 * serves again: another member may have projected a newer row in between. A version never replaces a newer one.
 *
 * <p><b>Bound.</b> Two generations of at most {@code maxEntries / 2} entries each: when the young one is full it
 * becomes the old one and the old one is dropped. A row put by the projector therefore stays for at least
 * {@code maxEntries / 2} later puts, which must exceed one projector batch ({@link #requireRoomFor}).
 */
public final class ProjectedResources {

    /** A resource as the read model stores it: whose it is, its version and its rendered JSON. */
    public record Resource(String merchantId, String mode, long version, String body) {

        /** Whether it belongs to this merchant in this mode ({@code "test"} or {@code "live"}). */
        public boolean belongsTo(String merchantId, String mode) {
            return this.merchantId.equals(merchantId) && this.mode.equals(mode);
        }
    }

    private static final int STRIPES = 4096;

    private final int generationSize;
    private final LongSupplier nanoTime;
    /** Per stripe of ids, how many times the projector put a row of it: a fill checks that it did not move. */
    private final AtomicLongArray stripeStamps = new AtomicLongArray(STRIPES);

    private final Object writes = new Object();
    private volatile ConcurrentHashMap<String, Resource> young = new ConcurrentHashMap<>();
    private volatile ConcurrentHashMap<String, Resource> old = new ConcurrentHashMap<>();
    /** Serving while {@code nanoTime()} is before this; {@code null} when not serving at all. */
    private volatile @Nullable Long servingUntilNanos;

    /**
     * @param maxEntries the most resources kept; 0 keeps none and never serves
     */
    public ProjectedResources(int maxEntries, LongSupplier nanoTime) {
        if (maxEntries < 0) {
            throw new IllegalArgumentException("maxEntries must not be negative, got " + maxEntries);
        }
        this.generationSize = maxEntries / 2;
        this.nanoTime = nanoTime;
    }

    /** Keeps nothing and never serves: for a gateway without a projector. */
    public static ProjectedResources none() {
        return new ProjectedResources(0, System::nanoTime);
    }

    /** Fails unless a row put stays at least as long as the rest of its batch is put ({@code maxBatch} rows). */
    public void requireRoomFor(int maxBatch, String setting) {
        if (generationSize != 0 && generationSize < 2 * maxBatch) {
            throw new IllegalArgumentException(setting + " must be 0 or at least 4 times the projector's batch ("
                    + 4 * maxBatch + "), got " + 2 * generationSize);
        }
    }

    public boolean enabled() {
        return generationSize > 0;
    }

    /** Whether reads are answered from here now. */
    public boolean serving() {
        var until = servingUntilNanos;
        return until != null && nanoTime.getAsLong() - until < 0;
    }

    /** The resource by id while serving, else null (also when it is not here: then ask the database). */
    public @Nullable Resource find(String id) {
        if (!serving()) {
            return null;
        }
        var found = young.get(id);
        return found != null ? found : old.get(id);
    }

    /** Taken before a database read of {@code id}, and handed back to {@link #fill}. */
    public long stamp(String id) {
        return stripeStamps.get(stripe(id));
    }

    /**
     * Keeps what a database read found, unless the projector put a row of the same stripe since {@code stamp}
     * was taken, or a newer version is here, or this is not serving.
     */
    public void fill(String id, long stamp, Resource resource) {
        if (!enabled() || !serving()) {
            return;
        }
        synchronized (writes) {
            if (servingUntilNanos == null || stripeStamps.get(stripe(id)) != stamp) {
                return;
            }
            putIfNewer(id, resource);
        }
    }

    /** The projector's rows of one batch, put before its transaction commits. */
    void put(ProjectionBatch batch) {
        if (!enabled()) {
            return;
        }
        synchronized (writes) {
            putAll(batch.subscriptions());
            putAll(batch.invoices());
            putAll(batch.payments());
            putAll(batch.paymentLinks());
            putAll(batch.coupons());
            putAll(batch.promotionCodes());
            for (var row : batch.customers()) {
                stripeStamps.incrementAndGet(stripe(row.id()));
                putIfNewer(row.id(), new Resource(row.merchantId(), row.mode(), row.version(), row.body()));
            }
        }
    }

    /** Serves until {@code deadlineNanos} (a {@code nanoTime()} value), unless stopped before. */
    void serveUntil(long deadlineNanos) {
        if (enabled()) {
            servingUntilNanos = deadlineNanos;
        }
    }

    /**
     * Stops serving and forgets everything: the projector no longer holds every partition. Every stripe moves on, so
     * a database read that was under way now is not kept, even once this serves again: another member may have
     * projected a newer row meanwhile.
     */
    void stopServing() {
        synchronized (writes) {
            servingUntilNanos = null;
            young = new ConcurrentHashMap<>();
            old = new ConcurrentHashMap<>();
            for (int i = 0; i < STRIPES; i++) {
                stripeStamps.incrementAndGet(i);
            }
        }
    }

    /** How many resources are kept (both generations). */
    public int size() {
        return young.size() + old.size();
    }

    private void putAll(List<SnapshotRow> rows) {
        for (var row : rows) {
            stripeStamps.incrementAndGet(stripe(row.id()));
            putIfNewer(row.id(), new Resource(row.merchantId(), row.mode(), row.version(), row.body()));
        }
    }

    /** Under {@link #writes}. */
    private void putIfNewer(String id, Resource resource) {
        var current = young.get(id);
        if (current == null) {
            current = old.get(id);
        }
        if (current != null && current.version() >= resource.version()) {
            return;
        }
        if (young.size() >= generationSize) {
            old = young;
            young = new ConcurrentHashMap<>();
        }
        young.put(id, resource);
    }

    private static int stripe(String id) {
        return (id.hashCode() & 0x7fffffff) % STRIPES;
    }
}
