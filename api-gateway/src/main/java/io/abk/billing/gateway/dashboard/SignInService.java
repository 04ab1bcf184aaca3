package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.user.MerchantUser;
import io.abk.billing.gateway.controlplane.user.Passwords;
import io.abk.billing.gateway.controlplane.user.UserRepository;
import io.abk.billing.schemas.avro.Mode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Signing in and out of the dashboard, and finding the session of a request's cookie. A member who fails
 * {@link #FAILURES_BEFORE_LOCKOUT} times in a row is locked out for {@link #LOCKOUT}; an unknown email costs the same
 * hashing as a wrong password, so the answer's time does not tell whether someone signs in with it.
 */
@Service
public class SignInService {

    static final int FAILURES_BEFORE_LOCKOUT = 5;
    static final Duration LOCKOUT = Duration.ofMinutes(15);
    /** A session's last use is written at most this often: a page's every request need not write a row. */
    static final Duration TOUCH_EVERY = Duration.ofMinutes(1);

    private final UserRepository users;
    private final SessionRepository sessions;
    private final Passwords passwords;
    private final Clock clock;
    /** What an unknown email's password is checked against. */
    private final Mono<String> unknownUsersHash;

    public SignInService(UserRepository users, SessionRepository sessions, Passwords passwords, Clock clock) {
        this.users = users;
        this.sessions = sessions;
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
                return users.recordFailedSignIn(user.id(), FAILURES_BEFORE_LOCKOUT, now.plus(LOCKOUT))
                        .map(after ->
                                after.isLockedAt(now) ? lockedOut(after, now) : new SignInOutcome.WrongCredentials());
            }
            return users.clearFailedSignIns(user.id()).then(open(user, now)).map(SignInOutcome.class::cast);
        });
    }

    /** Signs {@code user} in without a password: a member who has just chosen theirs (an invitation accepted). */
    public Mono<SignInOutcome.SignedIn> signInNew(MerchantUser user) {
        return open(user, Now.of(clock));
    }

    private Mono<SignInOutcome.SignedIn> open(MerchantUser user, Instant now) {
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
                now);
        return sessions.insert(session).thenReturn(new SignInOutcome.SignedIn(token, session));
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
