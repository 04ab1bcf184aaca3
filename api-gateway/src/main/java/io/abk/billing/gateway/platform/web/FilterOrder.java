package io.abk.billing.gateway.platform.web;

/**
 * The order of the gateway's web filters, lowest first: every request gets its id and version check before
 * it is authenticated, rate limited, admitted (writes), given its test clock (test mode), and finally checked for an idempotent replay.
 */
public final class FilterOrder {

    private FilterOrder() {}

    public static final int REQUEST_ID = -300;
    /** Inside the request id's, so the deadline's answer carries it; around everything else, so it bounds all of it. */
    public static final int DEADLINE = -280;

    public static final int SERVICE_VERSION = -250;
    /** Before any handler runs: a route must not act on a request whose answer the client will not take. */
    public static final int ACCEPT = -245;

    public static final int BODY_LIMIT = -240;
    /** Before authentication: the operator API on the public port is an unknown path, not a missing token. */
    public static final int ADMIN_PORT = -210;

    public static final int AUTHENTICATION = -200;
    /**
     * The dashboard's session, just before the API key's: a dashboard call of the API ({@code /dashboard/api/v1})
     * leaves it as a {@code /v1} request whose caller is already known.
     */
    public static final int SESSION = AUTHENTICATION - 1;

    public static final int RATE_LIMIT = -150;
    /**
     * After the rate limit, so a caller over its own limit is told so; before the test clock's lookup and the
     * Idempotency-Key row, so a write shed for want of capacity costs neither.
     */
    public static final int ADMISSION = -140;
    /** Loads the test-mode caller's test clock, after the rate limit so a refused request costs no lookup. */
    public static final int TEST_CLOCK = -120;

    public static final int IDEMPOTENCY = -100;
}
