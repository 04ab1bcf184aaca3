package io.abk.billing.bench.probe;

import java.util.Locale;

/**
 * What the stack used while one row of the report ran: CPU time over wall time (in cores: 1.0 is one core busy the
 * whole time) and the largest resident set sampled, for the stack's JVM and for its PostgreSQL processes (the server
 * and its backends; each counts the shared buffers it touched, so their sum overstates PostgreSQL's memory).
 * A figure that could not be read is negative.
 */
public record Usage(double cpuCores, long jvmRssMaxBytes, long postgresRssMaxBytes) {

    /** Nothing is known: the stack runs elsewhere (--url). */
    public static final Usage UNKNOWN = new Usage(-1, -1, -1);

    public String cpuText() {
        return cpuCores < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", cpuCores);
    }

    public String jvmRssText() {
        return mebibytes(jvmRssMaxBytes);
    }

    public String postgresRssText() {
        return mebibytes(postgresRssMaxBytes);
    }

    private static String mebibytes(long bytes) {
        return bytes < 0 ? "n/a" : Long.toString(bytes / (1024 * 1024));
    }
}
