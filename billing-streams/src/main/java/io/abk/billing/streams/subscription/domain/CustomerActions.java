package io.abk.billing.streams.subscription.domain;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The customer portal's actions of a subscription: the latest of each kind, the one submitted last at the end (the
 * subscription's {@code lastCustomerAction}). The latest of a kind numbers the next one of that kind and says whether
 * one is pending, which keeps one pending action of a kind at a time.
 */
public record CustomerActions(List<CustomerAction> latest) {

    public static final CustomerActions NONE = new CustomerActions(List.of());

    public CustomerActions {
        latest = List.copyOf(latest);
        var kinds = new HashSet<CustomerActionKind>();
        for (var action : latest) {
            if (!kinds.add(action.kind())) {
                throw new IllegalArgumentException(
                        "two latest customer actions of kind " + action.kind().apiName());
            }
        }
    }

    /** The action submitted last, or null when there was none. */
    public @Nullable CustomerAction last() {
        return latest.isEmpty() ? null : latest.getLast();
    }

    public Optional<CustomerAction> of(CustomerActionKind kind) {
        return latest.stream().filter(a -> a.kind() == kind).findFirst();
    }

    /** The number the next action of {@code kind} gets: one more than the latest's, from 1. */
    public int nextNumber(CustomerActionKind kind) {
        return of(kind).map(a -> a.submission().number() + 1).orElse(1);
    }

    /** {@code action} submitted: it replaces the latest of its kind and is the last. */
    public CustomerActions submitted(CustomerAction action) {
        var next = new ArrayList<CustomerAction>();
        for (var existing : latest) {
            if (existing.kind() != action.kind()) {
                next.add(existing);
            }
        }
        next.add(action);
        return new CustomerActions(next);
    }

    /** {@code action} answered: it replaces the latest of its kind where that stands. */
    public CustomerActions settled(CustomerAction action) {
        return new CustomerActions(latest.stream()
                .map(existing -> existing.kind() == action.kind() ? action : existing)
                .toList());
    }
}
