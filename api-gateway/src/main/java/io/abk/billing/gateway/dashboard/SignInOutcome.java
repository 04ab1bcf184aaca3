package io.abk.billing.gateway.dashboard;

import java.time.Duration;

/** What a sign-in attempt came to. */
public sealed interface SignInOutcome {

    /** Signed in: the cookie's token (shown this once, kept only as its hash) and the session it opened. */
    record SignedIn(String token, DashboardSession session) implements SignInOutcome {}

    /** The email signs no one in, or the password is not theirs: the two are told apart by no one. */
    record WrongCredentials() implements SignInOutcome {}

    /** Too many failures in a row: refused whatever the password until the lockout ends. */
    record LockedOut(Duration retryAfter) implements SignInOutcome {}
}
