package io.abk.billing.gateway.dashboard;

import java.time.Duration;

/** What a sign-in attempt (a password, or a pending sign-in's code) came to. */
public sealed interface SignInOutcome {

    /** Signed in: the cookie's token (shown this once, kept only as its hash) and the session it opened. */
    record SignedIn(String token, DashboardSession session) implements SignInOutcome {}

    /**
     * The password was right and the member signs in with a second factor: the pending sign-in's token (its cookie's,
     * kept only as its hash) that the code must come with.
     */
    record CodeNeeded(String pendingToken) implements SignInOutcome {}

    /** The email signs no one in, or the password is not theirs: the two are told apart by no one. */
    record WrongCredentials() implements SignInOutcome {}

    /** The code is not the authenticator's current one, or was used already: counted as a failed sign-in. */
    record WrongCode() implements SignInOutcome {}

    /** No pending sign-in has this token: it expired, was used, or never was. The password is asked again. */
    record CodeExpired() implements SignInOutcome {}

    /** Too many failures in a row: refused whatever the password until the lockout ends. */
    record LockedOut(Duration retryAfter) implements SignInOutcome {}
}
