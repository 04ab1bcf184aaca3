package io.abk.billing.gateway.platform.json;

import org.jspecify.annotations.Nullable;

/**
 * What a PATCH body says about one optional field: absent (keep the current value), {@code null} (clear it)
 * or a new value.
 */
public record FieldChange<T>(boolean given, @Nullable T value) {

    private static final FieldChange<?> UNCHANGED = new FieldChange<>(false, null);

    @SuppressWarnings("unchecked")
    public static <T> FieldChange<T> unchanged() {
        return (FieldChange<T>) UNCHANGED;
    }

    public static <T> FieldChange<T> cleared() {
        return new FieldChange<>(true, null);
    }

    public static <T> FieldChange<T> setTo(T value) {
        return new FieldChange<>(true, value);
    }

    /** The value after the change: the new one when given (null when cleared), else {@code current}. */
    public @Nullable T applyTo(@Nullable T current) {
        return given ? value : current;
    }
}
