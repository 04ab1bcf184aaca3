package io.abk.billing.gateway.platform.web;

/** The error codes of the gateway's own checks. Aggregates' rejection codes arrive as data in a Change. */
public final class ErrorCodes {

    private ErrorCodes() {}

    public static final String VALIDATION_ERROR = "validation_error";
    public static final String INVALID_JSON = "invalid_json";
    public static final String PAYLOAD_TOO_LARGE = "payload_too_large";
    public static final String UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type";
    public static final String AUTHENTICATION_ERROR = "authentication_error";
    public static final String PERMISSION_DENIED = "permission_denied";
    public static final String RESOURCE_MISSING = "resource_missing";
    public static final String ROUTE_NOT_FOUND = "route_not_found";
    public static final String METHOD_NOT_ALLOWED = "method_not_allowed";
    public static final String NOT_ACCEPTABLE = "not_acceptable";
    /** A framework 4xx without a more specific code (rare: a malformed request line or header). */
    public static final String INVALID_REQUEST = "invalid_request";
    /** Rotating an API key that is already revoked or expired. */
    public static final String API_KEY_INACTIVE = "api_key_inactive";
    /** 409: another team member signs in with this email. */
    public static final String EMAIL_IN_USE = "email_in_use";
    /**
     * The team requires two-factor sign-in: 403 for a member without an authenticator (until they enrol), 409 for
     * turning one's authenticator off.
     */
    public static final String TOTP_REQUIRED = "totp_required";
    /** 409: an enrolment started or confirmed while the member's authenticator is on. */
    public static final String TOTP_ALREADY_ENABLED = "totp_already_enabled";
    /** 409: a code confirmed with no enrolment started, or an authenticator turned off that is not on. */
    public static final String TOTP_NOT_ENABLED = "totp_not_enabled";
    /** 409: the email has a pending invitation to this team already. */
    public static final String INVITATION_PENDING = "invitation_pending";
    /** 409: the invitation was accepted already, and cannot be revoked. */
    public static final String INVITATION_NOT_PENDING = "invitation_not_pending";
    /** 409: the change would leave the team without an owner. */
    public static final String LAST_OWNER = "last_owner";
    /** 409: a member removing themselves from the team. */
    public static final String CANNOT_REMOVE_SELF = "cannot_remove_self";

    public static final String UNSUPPORTED_API_VERSION = "unsupported_api_version";
    public static final String IDEMPOTENCY_ERROR = "idempotency_error";
    public static final String IDEMPOTENCY_IN_PROGRESS = "idempotency_in_progress";
    public static final String RATE_LIMITED = "rate_limited";
    public static final String PROCESSING_TIMEOUT = "processing_timeout";
    /** A request not answered by its deadline (billing.request-timeout plus a margin): 503, retry it. */
    public static final String REQUEST_TIMEOUT = "request_timeout";

    public static final String PAYOUT_ADDRESS_REQUIRED = "payout_address_required";
    public static final String PRICE_INACTIVE = "price_inactive";
    /** A {@code sandboxMode} sent with a live key: the sandbox is test mode's only. */
    public static final String SANDBOX_NOT_ALLOWED = "sandbox_not_allowed";
    /** A refund whose settlement failed: nothing was refunded. */
    public static final String REFUND_FAILED = "refund_failed";
    /** A test clock change that would move the merchant's effective now backwards: 400. */
    public static final String TEST_CLOCK_BACKWARDS = "test_clock_backwards";
    /** A live key on a test-only route (the test clock): 403. */
    public static final String TEST_MODE_ONLY = "test_mode_only";
    /** A redelivery asked of a disabled webhook endpoint: enable it first. */
    public static final String ENDPOINT_DISABLED = "endpoint_disabled";

    /** An email that is not one address: at most 254 characters, one {@code @}, no spaces. */
    public static final String INVALID_EMAIL = "invalid_email";
    /** An {@code invoicePrefix} that is not 3 to 12 upper-case letters and digits: 400. */
    public static final String INVALID_INVOICE_PREFIX = "invalid_invoice_prefix";
    /** A PATCH of a customer naming a wallet: a customer is its wallet, which never changes. */
    public static final String WALLET_IMMUTABLE = "wallet_immutable";
    /** A {@code customerId} that names no customer of the caller's merchant and mode: 400. */
    public static final String CUSTOMER_NOT_FOUND = "customer_not_found";
    /** A {@code customerId} and a {@code customerWallet} that name different wallets: 400. */
    public static final String CUSTOMER_WALLET_MISMATCH = "customer_wallet_mismatch";
    /** 409: the wallet has a customer already (the customer aggregate's rejection, the message naming its id). */
    public static final String CUSTOMER_EXISTS = "customer_exists";
    /** A coupon's {@code percentOff} that is not a number above 0 and at most 100 with at most 2 decimals: 400. */
    public static final String INVALID_PERCENT_OFF = "invalid_percent_off";
    /** A coupon with neither or both of {@code percentOff} and {@code amountOffUsdc}: 400. */
    public static final String INVALID_COUPON = "invalid_coupon";
    /** A {@code couponId} or {@code promotionCode} that names nothing of the caller's merchant and mode: 400. */
    public static final String COUPON_NOT_FOUND = "coupon_not_found";
    /** 409: the merchant's mode has this promotion code already (codes compare in any case). */
    public static final String PROMOTION_CODE_EXISTS = "promotion_code_exists";
    /** Both {@code couponId} and {@code promotionCode}, or a discount changed with other fields in one PATCH: 400. */
    public static final String INVALID_DISCOUNT = "invalid_discount";
    /** A promotion code entered on the checkout of a subscription that was not created to take one (or is not due): 400. */
    public static final String PROMOTION_CODES_NOT_ALLOWED = "promotion_codes_not_allowed";

    /** 409: the merchant's mode has a meter of this event name already. */
    public static final String METER_EXISTS = "meter_exists";
    /** A meter event's {@code eventName}, or a metered price's {@code meterId}, naming no meter of the caller's: 400. */
    public static final String METER_NOT_FOUND = "meter_not_found";
    /** A meter event of a deactivated meter, or a new metered price on one: 400. */
    public static final String METER_INACTIVE = "meter_inactive";
    /** A meter event's value that is not a whole number from 0 to {@code MeterEvents.MAX_VALUE}: 400. */
    public static final String INVALID_VALUE = "invalid_value";
    /** A meter event's timestamp more than 35 days ago or more than 5 minutes ahead: 400. */
    public static final String TIMESTAMP_OUT_OF_RANGE = "timestamp_out_of_range";
    /** A PATCH of {@code amountUsdc} or {@code priceId} on a subscription with items: 400. */
    public static final String ITEMS_NOT_UPDATABLE = "items_not_updatable";

    public static final String INTERNAL_ERROR = "internal_error";
    public static final String SERVICE_UNAVAILABLE = "service_unavailable";
}
