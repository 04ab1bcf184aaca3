package io.abk.billing.streams.command;

import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * An aggregate as its store holds it: the sequence of its last accepted command, which is its snapshot's version,
 * and its state. Each aggregate's snapshot mapper reads its store value as one and writes one back.
 *
 * @param <S> the aggregate's state
 */
public record Stored<S>(long sequence, S state) {

    /**
     * What a command is decided against: the store value {@code value} as {@code read} reads it, or {@code absent} at
     * sequence 0 when the store holds nothing under the command's key.
     */
    public static <A, S> Stored<S> orAbsent(
            @Nullable A value, Function<A, ? extends Stored<? extends S>> read, S absent) {
        if (value == null) {
            return new Stored<>(0, absent);
        }
        var stored = read.apply(value);
        return new Stored<>(stored.sequence(), stored.state());
    }
}
