package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.opskit.digest.Sha256;
import io.abk.billing.schemas.ids.IdPrefix;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Invitations to a merchant's team: an owner invites an email with a role, which gets a link with a random token (shown
 * once, kept as its SHA-256) valid {@link #VALID_FOR}; the invitee follows it and chooses a password, and becomes a
 * member. Each change is audited in its transaction; the merchant's row is locked while an email is invited, so the
 * same email cannot get two pending invitations.
 */
@Service
public class InvitationService {

    /** How long a link lets its invitee join: long enough for a weekend, short enough that a stray link dies. */
    public static final Duration VALID_FOR = Duration.ofHours(72);

    /** 256 bits, URL-safe base64 without padding: 43 characters. */
    private static final int TOKEN_BYTES = 32;

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new invitation and its link's token, which exists nowhere else. */
    public record Invited(MerchantInvitation invitation, String token) {}

    /** A pending invitation as its link's page shows it: with the name of the team it joins. */
    public record Opened(MerchantInvitation invitation, String teamName) {}

    private final InvitationRepository invitations;
    private final UserRepository users;
    private final MerchantService merchants;
    private final Passwords passwords;
    private final AuditLog audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;

    public InvitationService(
            InvitationRepository invitations,
            UserRepository users,
            MerchantService merchants,
            Passwords passwords,
            AuditLog audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock) {
        this.invitations = invitations;
        this.users = users;
        this.merchants = merchants;
        this.passwords = passwords;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Invites {@code request}'s email to the merchant's team: 409 {@code email_in_use} when someone signs in with it
     * already (a person is on one team), 409 {@code invitation_pending} when the team has invited it and the link still
     * works. Audited as {@code user.invited}.
     */
    public Mono<Invited> invite(String actor, String merchantId, InvitationRequest request) {
        var now = Now.of(clock);
        var email = request.email();
        return merchants
                .getForUpdate(merchantId)
                .then(users.findByEmail(email).hasElement())
                .flatMap(taken -> taken
                        ? Mono.error(new ApiException(
                                409,
                                ErrorCodes.EMAIL_IN_USE,
                                email + " signs in to a dashboard already: a person is on one team only",
                                "email",
                                null))
                        : invitations.anyPending(merchantId, email, now))
                .flatMap(pending -> {
                    if (pending) {
                        return Mono.error(new ApiException(
                                409,
                                ErrorCodes.INVITATION_PENDING,
                                email + " has a pending invitation to this team: revoke it first to send another",
                                "email",
                                null));
                    }
                    var token = newToken();
                    var invitation = new MerchantInvitation(
                            ids.next(IdPrefix.USER_INVITATION),
                            merchantId,
                            email,
                            request.role(),
                            actor,
                            now,
                            now.plus(VALID_FOR),
                            null,
                            null);
                    return invitations
                            .insert(invitation, hash(token))
                            .then(audit.record(
                                    now,
                                    actor,
                                    "user.invited",
                                    target(invitation),
                                    Map.of(
                                            "email",
                                            email,
                                            "role",
                                            invitation.role().wireName())))
                            .thenReturn(new Invited(invitation, token));
                })
                .as(tx::transactional);
    }

    /** The team's invitations whose links still work, newest first. */
    public Mono<Page<MerchantInvitation>> pending(String merchantId, PageRequest page) {
        return merchants.get(merchantId).flatMap(merchant -> invitations.pending(merchant.id(), page, Now.of(clock)));
    }

    /** The team's invitation {@code id}, or 404 {@code resource_missing} (as for another team's). */
    public Mono<MerchantInvitation> invitation(String merchantId, String id) {
        return IdLookup.find(
                IdPrefix.USER_INVITATION, "invitation", id, found -> invitations.find(merchantId, found, false));
    }

    /**
     * Revokes the team's invitation {@code id}: its link lets no one join any more (404 {@code resource_missing} for
     * another team's, 409 {@code invitation_not_pending} for one accepted already). Audited as
     * {@code invitation.revoked}; one revoked already is left as it is.
     */
    public Mono<MerchantInvitation> revoke(String actor, String merchantId, String id) {
        var now = Now.of(clock);
        return IdLookup.find(
                        IdPrefix.USER_INVITATION, "invitation", id, found -> invitations.find(merchantId, found, true))
                .flatMap(invitation -> {
                    if (invitation.acceptedAt() != null) {
                        return Mono.error(new ApiException(
                                409,
                                ErrorCodes.INVITATION_NOT_PENDING,
                                "This invitation was accepted: " + invitation.email() + " is on the team"));
                    }
                    if (invitation.revokedAt() != null) {
                        return Mono.just(invitation);
                    }
                    return invitations
                            .revoke(invitation.id(), now)
                            .flatMap(revoked -> audit.record(
                                            now,
                                            actor,
                                            "invitation.revoked",
                                            target(revoked),
                                            Map.of(
                                                    "email",
                                                    revoked.email(),
                                                    "role",
                                                    revoked.role().wireName()))
                                    .thenReturn(revoked));
                })
                .as(tx::transactional);
    }

    /** The pending invitation of a link's token; empty for an unknown, accepted, revoked or expired one. */
    public Mono<Opened> open(String token) {
        if (!TOKEN.matcher(token).matches()) {
            return Mono.empty();
        }
        var now = Now.of(clock);
        return invitations
                .findByTokenHash(hash(token), false)
                .filter(invitation -> invitation.isPendingAt(now))
                .flatMap(invitation -> merchants
                        .get(invitation.merchantId())
                        .map(merchant -> new Opened(
                                invitation, Objects.requireNonNullElse(merchant.displayName(), merchant.name()))));
    }

    /**
     * Accepts the invitation of a link's token: its email becomes a member of the team with its role and
     * {@code password} (checked by the caller against {@link UserRequest#passwordProblem}). Empty when the link no
     * longer works, or someone signs in with the email by now. Audited as {@code invitation.accepted}, by the new member.
     */
    public Mono<MerchantUser> accept(String token, String password) {
        if (!TOKEN.matcher(token).matches()) {
            return Mono.empty();
        }
        // The hash first, outside the transaction: it is the slow part, and holds no row.
        return passwords.hash(password).flatMap(passwordHash -> {
            var now = Now.of(clock);
            return invitations
                    .findByTokenHash(hash(token), true)
                    .filter(invitation -> invitation.isPendingAt(now))
                    .flatMap(invitation -> users.insertIfEmailFree(MerchantUser.added(
                                    ids.next(IdPrefix.USER),
                                    invitation.merchantId(),
                                    invitation.email(),
                                    invitation.role(),
                                    passwordHash,
                                    now))
                            .flatMap(member -> invitations
                                    .accept(invitation.id(), now)
                                    .then(audit.record(
                                            now,
                                            member.id(),
                                            "invitation.accepted",
                                            target(invitation),
                                            Map.of(
                                                    "email",
                                                    member.email(),
                                                    "role",
                                                    member.role().wireName(),
                                                    "userId",
                                                    member.id())))
                                    .thenReturn(member)))
                    .as(tx::transactional);
        });
    }

    private static AuditLog.Target target(MerchantInvitation invitation) {
        return new AuditLog.Target("user_invitation", invitation.id(), invitation.merchantId(), null);
    }

    private static String newToken() {
        var bytes = new byte[TOKEN_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** SHA-256 of a token: what the table keeps and looks up by. */
    private static byte[] hash(String token) {
        return Sha256.of(token, StandardCharsets.US_ASCII);
    }
}
