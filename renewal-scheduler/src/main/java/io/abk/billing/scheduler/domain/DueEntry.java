package io.abk.billing.scheduler.domain;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * What the scheduler keeps per resource: its latest known state, the items still to fire, and the command ids
 * already fired that its latest state still implies.
 *
 * <p>Why remember fired ids: billing-streams answers every accepted command with a new version of the
 * subscription, and a renewal stays implied until its invoice is paid (the period only moves then), so without
 * them each answer would re-derive and re-fire the same command. An id is forgotten as soon as a newer state no
 * longer implies it, so the set stays as small as the items.
 */
public record DueEntry(Resource resource, List<DueItem> pending, Set<String> fired) {

    public DueEntry {
        pending = List.copyOf(pending);
        fired = Set.copyOf(fired);
    }

    /** The entry of a resource seen for the first time. */
    public static DueEntry of(Resource resource, Resource.@Nullable Subscription owner, DuePolicy policy) {
        return new DueEntry(resource, DueItems.of(resource, owner, policy), Set.of());
    }

    /** True when {@code next} is newer than what this entry knows (a replayed or older snapshot is not). */
    public boolean isOlderThan(Resource next) {
        return next.version() > resource.version();
    }

    /**
     * This resource in state {@code next} (or the same state with a changed owner): the items it now implies,
     * minus those already fired.
     */
    public DueEntry update(Resource next, Resource.@Nullable Subscription owner, DuePolicy policy) {
        var derived = DueItems.of(next, owner, policy);
        var ids = derived.stream().map(DueItem::commandId).collect(Collectors.toSet());
        var stillFired = new HashSet<>(fired);
        stillFired.retainAll(ids);
        var stillPending = derived.stream()
                .filter(item -> !stillFired.contains(item.commandId()))
                .toList();
        return new DueEntry(next, stillPending, stillFired);
    }

    /** The entry once the item with {@code commandId} has fired. */
    public DueEntry fire(String commandId) {
        var firedNow = new HashSet<>(fired);
        firedNow.add(commandId);
        return new DueEntry(
                resource,
                pending.stream()
                        .filter(item -> !item.commandId().equals(commandId))
                        .toList(),
                firedNow);
    }

    /**
     * True when the resource is in a state that implies nothing, so the entry can be deleted: a canceled
     * subscription, an invoice no longer open (paid, void, refunded; an uncollectible one waits for a manual charge,
     * which needs no scheduler), a payment no longer open, a link no longer active. A paid invoice or payment
     * reopened because the transfer that paid it left the chain comes back as a newer version and is scheduled
     * anew, as a resource seen for the first time.
     */
    public boolean isFinal() {
        return switch (resource) {
            case Resource.Subscription subscription -> "canceled".equals(subscription.status());
            case Resource.Invoice invoice -> !"open".equals(invoice.status());
            case Resource.Payment payment -> !"open".equals(payment.status());
            case Resource.PaymentLink link -> !"active".equals(link.status());
        };
    }
}
