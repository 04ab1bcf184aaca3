package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.TestClock;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** The test mode's clock: read it, advance it, freeze it or let it follow the wall clock again. */
public final class TestClockService {

    private final Transport transport;

    public TestClockService(Transport transport) {
        this.transport = transport;
    }

    /** The test clock. */
    public TestClock retrieve() {
        return retrieve(RequestOptions.NONE);
    }

    /** See {@link #retrieve()}; with this call's options. */
    @Operation("getTestClock")
    public TestClock retrieve(RequestOptions options) {
        return transport.call("GET", "/v1/test_clock", null, options, null, TestClock.class);
    }

    /** Moves the test clock forward by {@code seconds}, leaving it frozen there. */
    public TestClock advance(long seconds) {
        return advance(seconds, RequestOptions.NONE);
    }

    /** See {@link #advance(long)}; with this call's options. */
    @Operation("changeTestClock")
    public TestClock advance(long seconds, RequestOptions options) {
        return transport.call(
                "POST", "/v1/test_clock", Bodies.of("advanceBySeconds", seconds), options, null, TestClock.class);
    }

    /** Freezes the test clock at {@code frozenAt} (no earlier than its now), or with null lets it follow the wall clock again. */
    public TestClock freeze(@Nullable Instant frozenAt) {
        return freeze(frozenAt, RequestOptions.NONE);
    }

    /** See {@link #freeze(Instant)}; with this call's options. */
    @Operation("changeTestClock")
    public TestClock freeze(@Nullable Instant frozenAt, RequestOptions options) {
        return transport.call(
                "POST", "/v1/test_clock", Bodies.ofNullable("frozenAt", frozenAt), options, null, TestClock.class);
    }
}
