package io.abk.billing.gateway.platform.db;

import io.r2dbc.spi.Readable;

/**
 * Reading a column that the schema declares {@code NOT NULL}: R2DBC types every read as nullable, so a required
 * column says so here, and a null (a schema that drifted from the code) fails loudly at the read, not later.
 */
public final class Columns {

    private Columns() {}

    public static <T> T required(Readable row, String column, Class<T> type) {
        var value = row.get(column, type);
        if (value == null) {
            throw new IllegalStateException("column " + column + " is null, but the schema declares it NOT NULL");
        }
        return value;
    }
}
