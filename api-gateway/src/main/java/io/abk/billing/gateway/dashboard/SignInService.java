package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.user.MerchantUser;
import io.abk.billing.gateway.controlplane.user.Passwords;
import io.abk.billing.gateway.controlplane.user.TotpRepository;
import io.abk.billing.gateway.controlplane.user.TotpService;
import io.abk.billing.gateway.controlplane.user.UserRepository;
import io.abk.billing.schemas.avro.Mode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Signing in and out of the dashboard, and finding the session of a request's cookie. A member with a second factor
 * signs in in two steps: the right password opens a pending sign-in for {@link #CODE_WINDOW}, and its code the
 * session. A member who fails (a password or a code) {@link #FAILURES_BEFORE_LOCKOUT} times in a row is locked out for
 * {@link #LOCKOUT}; the count starts again only once the sign-in is done, so the password does not buy more guesses
 * of the code. An unknown email costs the same hashing as a wrong password, so the answer's time does not tell whether
 * someone signs in with it.
 */
@Service
public class SignInService {

    static final int FAILURES_BEFORE_LOCKOUT = 5;
    static final Duration LOCKOUT = Duration.ofMinutes(15);
    /** The time to type an authenticator's code after the password: a few of its 30-second codes. */
    static final Duration CODE_WINDOW = Duration.ofMinutes(5);
    /** A session's last use is written at most this often: a page's every request need not write a row. */
    static final Duration TOUCH_EVERY = Duration.ofMinutes(1);

    private final UserRepository users;
    private final SessionRepository sessions;
    private final PendingSignInRepository pending;
    private final TotpService totp;
    private final TotpRepository totpSettings;
    private final Passwords passwords;
    private final Clock clock;
    /** What an unknown email's password is checked against. */
    private final Mono<String> unknownUsersHash;

    public SignInService(
            UserRepository users,
            SessionRepository sessions,
            PendingSignInRepository pending,
            TotpService totp,
            TotpRepository totpSettings,
            Passwords passwords,
            Clock clock) {
        this.users = users;
        this.sessions = sessions;
        this.pending = pending;
        this.totp = totp;
        this.totpSettings = totpSettings;
        this.passwords = passwords;
        this.clock = clock;
        this.unknownUsersHash = passwords.hash(SessionTokens.next()).cache();
    }

    public Mono<SignInOutcome> signIn(String email, String password) {
        return users.findByEmail(email.strip().toLowerCase(Locale.ROOT))
                .flatMap(user -> attempt(user, password))
                .switchIfEmpty(Mono.defer(() -> unknownUsersHash
                        .flatMap(hash -> passwords.matches(password, hash))
                        .thenReturn(new SignInOutcome.WrongCredentials())));
    }

    private Mono<SignInOutcome> attempt(MerchantUser user, String password) {
        var now = Now.of(clock);
        if (user.isLockedAt(now)) {
            return Mono.just(lockedOut(user, now));
        }
        return passwords.matches(password, user.passwordHash()).flatMap(matches -> {
            if (!matches) {
                return failed(user, now, new SignInOutcome.WrongCredentials());
            }
            if (user.hasTotp()) {
                var pendingToken = SessionTokens.next();
                return pending.insert(SessionTokens.hash(pendingToken), user.id(), now, now.plus(CODE_WINDOW))
                        .thenReturn(new SignInOutcome.CodeNeeded(pendingToken));
            }
            return totpSettings.requiredBy(user.merchantId()).flatMap(required -> open(user, required, now));
        });
    }

    /**
     * The second step of a member's sign-in: the code of the pending sign-in {@code pendingToken}. A wrong or used code
     * counts as a failed sign-in; the right one ends the pending sign-in and opens the session.
     */
    public Mono<SignInOutcome> signInWithCode(String pendingToken, String code) {
        var now = Now.of(clock);
        var hash = SessionTokens.hash(pendingToken);
        return pending.findUser(hash, now)
                .flatMap(users::findById)
                .flatMap(user -> {
                    if (user.isLockedAt(now)) {
                        return Mono.just(lockedOut(user, now));
                    }
                    return totp.acceptSignInCode(user, code)
                            .flatMap(accepted -> accepted
                                    ? pending.delete(hash).then(open(user, false, now))
                                    : failed(user, now, new SignInOutcome.WrongCode()));
                })
                .defaultIfEmpty(new SignInOutcome.CodeExpired());
    }

    /** Whether {@code pendingToken} is a pending sign-in still waiting for its code. */
    public Mono<Boolean> isPending(String pendingToken) {
        return pending.findUser(SessionTokens.hash(pendingToken), Now.of(clock)).hasElement();
    }

    /**
     * Signs {@code user} in without a password: a member who has just chosen theirs (an invitation accepted). A team
     * that requires two factors keeps them on the security page until they enrol, as any member.
     */
    public Mono<SignInOutcome.SignedIn> signInNew(MerchantUser user) {
        var now = Now.of(clock);
        return totpSettings
                .requiredBy(user.merchantId())
                .flatMap(required -> open(user, required, now))
                .cast(SignInOutcome.SignedIn.class);
    }

    private Mono<SignInOutcome> failed(MerchantUser user, Instant now, SignInOutcome otherwise) {
        return users.recordFailedSignIn(user.id(), FAILURES_BEFORE_LOCKOUT, now.plus(LOCKOUT))
                .map(after -> after.isLockedAt(now) ? lockedOut(after, now) : otherwise);
    }

    /** The member is signed in: a new session, and the failures in a row forgotten. */
    private Mono<SignInOutcome> open(MerchantUser user, boolean mustEnrolTotp, Instant now) {
        var token = SessionTokens.next();
        var session = new DashboardSession(
                SessionTokens.hash(token),
                user.id(),
                user.merchantId(),
                user.email(),
                user.role(),
                SessionTokens.next(),
                Mode.TEST,
                now,
                now,
                mustEnrolTotp);
        return users.clearFailedSignIns(user.id())
                .then(sessions.insert(session))
                .thenReturn(new SignInOutcome.SignedIn(token, session));
    }

    private static SignInOutcome lockedOut(MerchantUser user, Instant now) {
        var until = user.lockedUntil() == null ? now : user.lockedUntil();
        return new SignInOutcome.LockedOut(Duration.between(now, until));
    }

    /** The live session of a cookie's token, its use recorded; empty for an unknown, ended or expired one. */
    public Mono<DashboardSession> find(String token) {
        var now = Now.of(clock);
        var hash = SessionTokens.hash(token);
        return sessions.findOpen(hash).filter(session -> session.isLiveAt(now)).flatMap(session -> {
            if (session.lastSeenAt().plus(TOUCH_EVERY).isAfter(now)) {
                return Mono.just(session);
            }
            return sessions.touch(hash, now).thenReturn(session);
        });
    }

    /** Ends the session everywhere its cookie is used. */
    public Mono<Void> signOut(DashboardSession session) {
        return sessions.end(session.tokenHash(), Now.of(clock));
    }
}
