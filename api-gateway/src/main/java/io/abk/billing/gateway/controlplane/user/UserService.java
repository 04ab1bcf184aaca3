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
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A merchant's team: adding a member (the first is the owner), lifting a member's lockout, changing a member's role
 * and removing a member, each change audited in its transaction, and listing them. The merchant's row is locked while
 * a member is added, so two first members cannot both skip the owner, and while a role changes or a member leaves, so
 * the team always keeps an owner.
 */
@Service
public class UserService {

    private final UserRepository users;
    private final MerchantService merchants;
    private final Passwords passwords;
    private final AuditLog audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;

    public UserService(
            UserRepository users,
            MerchantService merchants,
            Passwords passwords,
            AuditLog audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock) {
        this.users = users;
        this.merchants = merchants;
        this.passwords = passwords;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Adds {@code request}'s person to the merchant's team: 404 for an unknown merchant, 400 when the first member is
     * not the owner or a later one has no role, 409 {@code email_in_use} when someone signs in with the email.
     */
    public Mono<MerchantUser> create(String actor, String merchantId, UserRequest request) {
        // The hash first, outside the transaction: it is the slow part, and holds no row.
        return passwords
                .hash(request.password())
                .flatMap(hash -> merchants
                        .getForUpdate(merchantId)
                        .flatMap(merchant -> users.anyOf(merchant.id()))
                        .map(hasTeam -> roleOf(request, hasTeam))
                        .flatMap(role -> insert(actor, merchantId, request.email(), role, hash, Now.of(clock)))
                        .as(tx::transactional));
    }

    /**
     * Makes sure {@code email} signs in to the merchant's team as an owner with {@code password} (a configured demo
     * owner): added when missing, given the password again when it changed. Fails when the email is another team's.
     * Replicas starting together may race to add the owner: the one whose insert finds the email taken reads the
     * winner's row and goes on from there.
     */
    public Mono<MerchantUser> ensureOwner(
            String actor, String merchantId, String email, String password, String setting) {
        var request = new UserRequest(email.strip().toLowerCase(Locale.ROOT), UserRole.OWNER, password);
        return users.findByEmail(request.email())
                .switchIfEmpty(Mono.defer(() -> create(actor, merchantId, request)
                        .onErrorResume(
                                e -> e instanceof ApiException refused
                                        && ErrorCodes.EMAIL_IN_USE.equals(refused.code()),
                                e -> users.findByEmail(request.email()))))
                .flatMap(existing -> {
                    if (!existing.merchantId().equals(merchantId)) {
                        return Mono.error(new IllegalStateException(setting + " signs in to merchant "
                                + existing.merchantId() + " already, not to " + merchantId));
                    }
                    return passwords
                            .matches(password, existing.passwordHash())
                            .flatMap(same -> same
                                    ? Mono.just(existing)
                                    : passwords.hash(password).flatMap(hash -> setPassword(actor, existing, hash)));
                });
    }

    private Mono<MerchantUser> setPassword(String actor, MerchantUser user, String hash) {
        var now = Now.of(clock);
        return users.setPasswordHash(user.id(), hash, now)
                .flatMap(changed -> audit.record(
                                now,
                                actor,
                                "user.password_set",
                                new AuditLog.Target("user", changed.id(), changed.merchantId(), null),
                                Map.of("email", changed.email()))
                        .thenReturn(changed))
                .as(tx::transactional);
    }

    public Mono<Page<MerchantUser>> list(String merchantId, PageRequest page) {
        return merchants.get(merchantId).flatMap(merchant -> users.listForMerchant(merchant.id(), page));
    }

    /** The team's member {@code id}, or 404 {@code resource_missing} (as for another team's). */
    public Mono<MerchantUser> member(String merchantId, String id) {
        return IdLookup.find(IdPrefix.USER, "team member", id, found -> users.findMember(merchantId, found));
    }

    /**
     * Lifts the lockout of the team's member {@code id} (404 {@code resource_missing} when they are not of this team):
     * they may sign in again at once, and their failed sign-ins count from nothing. Audited as {@code user.unlocked};
     * a member neither locked nor with a failure counted is left as they are, and nothing is audited.
     */
    public Mono<MerchantUser> unlock(String actor, String merchantId, String id) {
        var now = Now.of(clock);
        return IdLookup.find(IdPrefix.USER, "team member", id, found -> users.findMemberForUpdate(merchantId, found))
                .flatMap(member -> {
                    if (!member.isLockedAt(now) && member.failedSignIns() == 0) {
                        return Mono.just(member);
                    }
                    return users.unlock(member.id(), now)
                            .flatMap(unlocked -> audit.record(
                                            now,
                                            actor,
                                            "user.unlocked",
                                            new AuditLog.Target("user", unlocked.id(), unlocked.merchantId(), null),
                                            Map.of("email", unlocked.email()))
                                    .thenReturn(unlocked));
                })
                .as(tx::transactional);
    }

    /**
     * Gives the team's member {@code id} {@code role} (404 {@code resource_missing} when they are not of this team): their
     * next request is judged by it. The team always keeps an owner: demoting its last one is 409 {@code last_owner}.
     * Audited as {@code user.role_changed}; the member's own role again changes nothing and audits nothing.
     */
    public Mono<MerchantUser> changeRole(String actor, String merchantId, String id, UserRole role) {
        var now = Now.of(clock);
        return lockedMember(merchantId, id)
                .flatMap(member -> {
                    if (member.role() == role) {
                        return Mono.just(member);
                    }
                    return keepsAnOwner(member, role == UserRole.OWNER)
                            .then(users.setRole(member.id(), role, now))
                            .flatMap(changed -> audit.record(
                                            now,
                                            actor,
                                            "user.role_changed",
                                            new AuditLog.Target("user", changed.id(), changed.merchantId(), null),
                                            Map.of(
                                                    "email",
                                                    changed.email(),
                                                    "from",
                                                    member.role().wireName(),
                                                    "to",
                                                    role.wireName()))
                                    .thenReturn(changed));
                })
                .as(tx::transactional);
    }

    /**
     * Removes the team's member {@code id} and ends their sessions (404 when they are not of this team). A member may
     * not remove themselves (409 {@code cannot_remove_self}), nor the team its last owner (409 {@code last_owner}).
     * Audited as {@code user.removed}, with their email and role.
     */
    public Mono<MerchantUser> remove(String actor, String merchantId, String id) {
        var now = Now.of(clock);
        return lockedMember(merchantId, id)
                .flatMap(member -> {
                    if (member.id().equals(actor)) {
                        return Mono.error(new ApiException(
                                409,
                                ErrorCodes.CANNOT_REMOVE_SELF,
                                "You cannot remove yourself from the team; another owner can"));
                    }
                    return keepsAnOwner(member, false)
                            .then(users.delete(member.id()))
                            .then(audit.record(
                                    now,
                                    actor,
                                    "user.removed",
                                    new AuditLog.Target("user", member.id(), member.merchantId(), null),
                                    Map.of(
                                            "email",
                                            member.email(),
                                            "role",
                                            member.role().wireName())))
                            .thenReturn(member);
                })
                .as(tx::transactional);
    }

    /**
     * The member, locked, with the merchant's row locked first: two owners demoting each other at once are judged one
     * after the other, so neither can leave the team without an owner.
     */
    private Mono<MerchantUser> lockedMember(String merchantId, String id) {
        return merchants
                .getForUpdate(merchantId)
                .then(IdLookup.find(
                        IdPrefix.USER, "team member", id, found -> users.findMemberForUpdate(merchantId, found)));
    }

    /** Fails with 409 {@code last_owner} when {@code member} is the team's one owner and would stop being one. */
    private Mono<Void> keepsAnOwner(MerchantUser member, boolean staysOwner) {
        if (member.role() != UserRole.OWNER || staysOwner) {
            return Mono.empty();
        }
        return users.countOwners(member.merchantId())
                .flatMap(owners -> owners > 1
                        ? Mono.<Void>empty()
                        : Mono.error(new ApiException(
                                409,
                                ErrorCodes.LAST_OWNER,
                                member.email() + " is the team's only owner: make another member an owner first")));
    }

    /** The emails of those of {@code ids} who are members of the merchant's team, by their id. */
    public Mono<Map<String, String>> emails(String merchantId, Collection<String> ids) {
        return users.findMembers(merchantId, ids).collectMap(MerchantUser::id, MerchantUser::email);
    }

    private static UserRole roleOf(UserRequest request, boolean hasTeam) {
        var role = request.role();
        if (!hasTeam) {
            if (role != null && role != UserRole.OWNER) {
                throw ApiException.invalid("role", "a team's first user is its owner: role must be owner or left out");
            }
            return UserRole.OWNER;
        }
        if (role == null) {
            throw ApiException.invalid(
                    "role",
                    "role is required: one of "
                            + String.join(", ", UserRole.NAMES.stream().sorted().toList()));
        }
        return role;
    }

    private Mono<MerchantUser> insert(
            String actor, String merchantId, String email, UserRole role, String hash, Instant now) {
        var user = MerchantUser.added(ids.next(IdPrefix.USER), merchantId, email, role, hash, now);
        return users.insertIfEmailFree(user)
                .switchIfEmpty(Mono.error(() -> new ApiException(
                        409, ErrorCodes.EMAIL_IN_USE, "A user already signs in with " + email, "email", null)))
                .flatMap(created -> audit.record(
                                now,
                                actor,
                                "user.created",
                                new AuditLog.Target("user", created.id(), created.merchantId(), null),
                                Map.of(
                                        "email",
                                        created.email(),
                                        "role",
                                        created.role().wireName()))
                        .thenReturn(created));
    }
}
