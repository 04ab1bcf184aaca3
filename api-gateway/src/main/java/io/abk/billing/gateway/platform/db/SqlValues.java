package io.abk.billing.gateway.platform.db;

import io.r2dbc.spi.Parameters;
import org.jspecify.annotations.Nullable;

/** Binding values that may be null: R2DBC needs the SQL type of a null, so it travels as a typed parameter. */
public final class SqlValues {

    private SqlValues() {}

    public static Object nullable(@Nullable Object value, Class<?> type) {
        return value != null ? value : Parameters.in(type);
    }
}
