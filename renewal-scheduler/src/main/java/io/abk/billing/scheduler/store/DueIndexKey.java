package io.abk.billing.scheduler.store;

import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import java.util.Locale;

/**
 * Keys of the {@code due-index} store: {@code <mode>|<merchant id for test, "" for live>|<dueAt millis, 19
 * digits>|<resource id>|<kind>}. RocksDB orders keys by their bytes, so the items of one group (live, or one test
 * merchant) sort by due time and a range up to "now" is exactly what is due. Ids never contain {@code |}.
 */
public final class DueIndexKey {

    /** Sorts right after {@code |}: a bound past every key that starts with a given group or due time. */
    private static final char PAST_SEPARATOR = '}';

    private static final String TEST_PREFIX = "test|";

    private DueIndexKey() {}

    public static String of(DueItem item) {
        return group(item.mode(), item.merchantId()) + millis(item.dueAt()) + "|" + item.resourceId() + "|"
                + item.kind().code();
    }

    /** The prefix shared by the items of live mode, or of one test merchant. */
    public static String group(Mode mode, String merchantId) {
        return mode.name().toLowerCase(Locale.ROOT) + "|" + (mode == Mode.LIVE ? "" : merchantId) + "|";
    }

    /** The lowest key of {@code group}. */
    public static String groupStart(String group) {
        return group + millis(Instant.EPOCH);
    }

    /** An inclusive upper bound for the keys of {@code group} due at or before {@code nowMs}. */
    public static String dueUpTo(String group, long nowMs) {
        return group + millis(Instant.ofEpochMilli(nowMs)) + PAST_SEPARATOR;
    }

    /** The range of every test merchant's keys. */
    public static String testStart() {
        return TEST_PREFIX;
    }

    public static String testEnd() {
        return "test" + PAST_SEPARATOR;
    }

    /** The first key after every key of the test merchant {@code merchantId}. */
    public static String afterMerchant(String merchantId) {
        return TEST_PREFIX + merchantId + PAST_SEPARATOR;
    }

    /** The merchant id of a test key. */
    public static String merchantOf(String testKey) {
        return testKey.substring(TEST_PREFIX.length(), testKey.indexOf('|', TEST_PREFIX.length()));
    }

    /** Zero-padded so that byte order is time order; items before 1970 cannot exist and are clamped. */
    private static String millis(Instant instant) {
        return String.format(Locale.ROOT, "%019d", Math.max(0, instant.toEpochMilli()));
    }
}
