package io.abk.billing.schemas.ids;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The contract of usage events on {@code billing.meter-events}, shared by every producer (the gateway's routes, a
 * producer inside the cluster) and the usage processor that counts them: the record key, what an event name and an
 * identifier may be, and for how long an identifier is remembered.
 */
public final class MeterEvents {

    /** An event name: a letter, then up to 99 letters, digits, {@code _ . : -}. */
    public static final Pattern EVENT_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.:-]{0,99}");

    /** An identifier: 1 to 100 printable ASCII characters, no spaces. */
    public static final Pattern IDENTIFIER = Pattern.compile("[\\x21-\\x7E]{1,100}");

    /** How long an identifier is remembered: an event repeated within it is counted once. */
    public static final Duration DEDUPLICATION_WINDOW = Duration.ofDays(35);

    /** The largest value one event may carry. */
    public static final long MAX_VALUE = 1_000_000_000_000L;

    private MeterEvents() {}

    /**
     * The record key of a customer's events and usage commands: {@code mer_1/test/cus_...}. {@code mode} is
     * {@code test} or {@code live} in any case.
     */
    public static String key(String merchantId, String mode, String customerId) {
        return merchantId + "/" + mode.toLowerCase(Locale.ROOT) + "/" + customerId;
    }

    /** The key under which an identifier is remembered: {@code <eventName>/<identifier>}, within the customer's key. */
    public static String identifierKey(String customerKey, String eventName, String identifier) {
        return customerKey + "/" + eventName + "/" + identifier;
    }
}
