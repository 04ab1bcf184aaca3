package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueEntry;
import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.domain.Resource;
import io.abk.billing.scheduler.store.DueIndexKey;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * The two stores of one task kept in step: {@code due-items} (resource id -> {@link DueEntry}) and
 * {@code due-index} (an ordered key per pending item -> the item). Every pending item of an entry has its index key
 * and no other key exists, so the punctuator finds due items by range and never scans the entries.
 */
final class DueStores {

    private final KeyValueStore<String, DueEntry> items;
    private final KeyValueStore<String, DueItem> index;
    private final DuePolicy policy;

    DueStores(KeyValueStore<String, DueEntry> items, KeyValueStore<String, DueItem> index, DuePolicy policy) {
        this.items = items;
        this.index = index;
        this.policy = policy;
    }

    @Nullable
    DueEntry entry(String resourceId) {
        return items.get(resourceId);
    }

    /**
     * Records {@code resource} in its latest state: a newer version replaces its items (one no longer implied is
     * removed, one already fired is not fired again); a version already known changes nothing. Returns whether it
     * was newer.
     */
    boolean apply(Resource resource, Resource.@Nullable Subscription owner) {
        var known = items.get(resource.id());
        if (known != null && !known.isOlderThan(resource)) {
            return false;
        }
        replace(known, known == null ? DueEntry.of(resource, owner, policy) : known.update(resource, owner, policy));
        return true;
    }

    /** Re-derives the items of a known resource whose owner changed (same version of the resource itself). */
    void reviseOwner(String resourceId, Resource.Subscription owner) {
        var known = items.get(resourceId);
        if (known != null) {
            replace(known, known.update(known.resource(), owner, policy));
        }
    }

    /** Removes a fired item from both stores, remembering its command id with the entry. */
    void fired(String indexKey, DueItem item) {
        index.delete(indexKey);
        var known = items.get(item.resourceId());
        if (known != null) {
            replace(known, known.fire(item.commandId()));
        }
    }

    private void replace(@Nullable DueEntry previous, DueEntry next) {
        if (previous != null) {
            for (var item : previous.pending()) {
                index.delete(DueIndexKey.of(item));
            }
        }
        if (next.isFinal()) {
            items.delete(next.resource().id());
            return;
        }
        items.put(next.resource().id(), next);
        for (var item : next.pending()) {
            index.put(DueIndexKey.of(item), item);
        }
    }
}
