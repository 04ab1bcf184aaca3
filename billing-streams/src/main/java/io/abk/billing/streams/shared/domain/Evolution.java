package io.abk.billing.streams.shared.domain;

import java.util.List;
import java.util.function.BiFunction;

/** How every aggregate's evolver applies a command's events: one after the other, in order, each to the last state. */
public final class Evolution {

    private Evolution() {}

    /** {@code state} after {@code events} in order, each applied by {@code evolve}. */
    public static <S, E> S evolveAll(S state, List<E> events, BiFunction<S, E, S> evolve) {
        var current = state;
        for (var event : events) {
            current = evolve.apply(current, event);
        }
        return current;
    }
}
