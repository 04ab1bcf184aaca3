package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A member's own second factor: starting an enrolment (a new secret, shown to them alone), confirming it with a first
 * code, turning it off with a code (not while the team requires it), and checking a sign-in's code, each code
 * accepted once. The secret is sealed at rest as webhook signing secrets are ({@link SecretSealer}), with the member's
 * id as associated data. Enabling and disabling are audited.
 */
@Service
public class TotpService {

    /** A started enrolment: the secret to type into an authenticator, and the URI its QR code carries. */
    public record Enrolment(String secret, String otpauthUri) {}

    private final UserRepository users;
    private final TotpRepository totp;
    private final SecretSealer sealer;
    private final AuditLog audit;
    private final TransactionalOperator tx;
    private final Clock clock;

    public TotpService(
            UserRepository users,
            TotpRepository totp,
            SecretSealer sealer,
            AuditLog audit,
            TransactionalOperator tx,
            Clock clock) {
        this.users = users;
        this.totp = totp;
        this.sealer = sealer;
        this.audit = audit;
        this.tx = tx;
        this.clock = clock;
    }

    /** A new secret for the member, pending until {@link #confirm}; 409 {@code totp_already_enabled} when on. */
    public Mono<Enrolment> start(String merchantId, String userId) {
        var secret = TotpCodes.newSecret();
        return member(merchantId, userId)
                .flatMap(member -> {
                    if (member.hasTotp()) {
                        return Mono.error(alreadyEnabled());
                    }
                    return totp.start(member.id(), sealer.seal(secret, member.id()), Now.of(clock))
                            .map(started -> new Enrolment(secret, TotpCodes.uri(started.email(), secret)));
                })
                .as(tx::transactional);
    }

    /** The enrolment still waiting for its first code, shown again to its member; empty when there is none. */
    public Mono<Optional<Enrolment>> pending(String merchantId, String userId) {
        return member(merchantId, userId).map(member -> {
            var sealed = member.totpSecretSealed();
            if (member.hasTotp() || sealed == null) {
                return Optional.empty();
            }
            var secret = sealer.open(sealed, member.id());
            return Optional.of(new Enrolment(secret, TotpCodes.uri(member.email(), secret)));
        });
    }

    /**
     * Turns the pending enrolment on with its first {@code code}: 400 {@code validation_error} for a wrong code, 409
     * {@code totp_not_enabled} with no enrolment started, {@code totp_already_enabled} when on. Audited.
     */
    public Mono<MerchantUser> confirm(String merchantId, String userId, String code) {
        var now = Now.of(clock);
        return memberForUpdate(merchantId, userId)
                .flatMap(member -> {
                    var sealed = member.totpSecretSealed();
                    if (member.hasTotp()) {
                        return Mono.error(alreadyEnabled());
                    }
                    if (sealed == null) {
                        return Mono.error(new ApiException(
                                409,
                                ErrorCodes.TOTP_NOT_ENABLED,
                                "No enrolment is started: POST /v1/me/totp first, then confirm its code"));
                    }
                    var step = TotpCodes.matchingStep(sealer.open(sealed, member.id()), code, now, null);
                    if (step.isEmpty()) {
                        return Mono.error(wrongCode());
                    }
                    return totp.enable(member.id(), step.getAsLong(), now)
                            .flatMap(enabled -> audited(enabled, "user.totp_enabled"));
                })
                .as(tx::transactional);
    }

    /**
     * Turns the member's second factor off with a current {@code code}: 409 {@code totp_required} while the team
     * requires it, {@code totp_not_enabled} when it is not on; 400 {@code validation_error} for a wrong or used code.
     * Audited.
     */
    public Mono<MerchantUser> disable(String merchantId, String userId, String code) {
        var now = Now.of(clock);
        return memberForUpdate(merchantId, userId)
                .zipWith(totp.requiredBy(merchantId))
                .flatMap(found -> {
                    var member = found.getT1();
                    var sealed = member.totpSecretSealed();
                    if (!member.hasTotp() || sealed == null) {
                        return Mono.error(new ApiException(
                                409, ErrorCodes.TOTP_NOT_ENABLED, "Two-factor sign-in is not on for this member"));
                    }
                    if (found.getT2()) {
                        return Mono.error(new ApiException(
                                409,
                                ErrorCodes.TOTP_REQUIRED,
                                "The team requires two-factor sign-in: the owner must stop requiring it first"));
                    }
                    var step =
                            TotpCodes.matchingStep(sealer.open(sealed, member.id()), code, now, member.totpLastStep());
                    if (step.isEmpty()) {
                        return Mono.error(wrongCode());
                    }
                    return totp.disable(member.id(), now).flatMap(disabled -> audited(disabled, "user.totp_disabled"));
                })
                .as(tx::transactional);
    }

    /**
     * Whether {@code code} is the member's code now and was not used before; a code accepted here is used up. False
     * for a member without a second factor.
     */
    public Mono<Boolean> acceptSignInCode(MerchantUser member, String code) {
        var sealed = member.totpSecretSealed();
        if (!member.hasTotp() || sealed == null) {
            return Mono.just(false);
        }
        var step = TotpCodes.matchingStep(sealer.open(sealed, member.id()), code, Now.of(clock), member.totpLastStep());
        return step.isEmpty() ? Mono.just(false) : totp.accept(member.id(), step.getAsLong());
    }

    private Mono<MerchantUser> member(String merchantId, String userId) {
        return users.findMember(merchantId, userId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("team member", userId)));
    }

    private Mono<MerchantUser> memberForUpdate(String merchantId, String userId) {
        return users.findMemberForUpdate(merchantId, userId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("team member", userId)));
    }

    private Mono<MerchantUser> audited(MerchantUser member, String action) {
        return audit.record(
                        Now.of(clock),
                        member.id(),
                        action,
                        new AuditLog.Target("user", member.id(), member.merchantId(), null),
                        Map.of("email", member.email()))
                .thenReturn(member);
    }

    private static ApiException alreadyEnabled() {
        return new ApiException(
                409,
                ErrorCodes.TOTP_ALREADY_ENABLED,
                "Two-factor sign-in is on for this member: turn it off first to enrol another authenticator");
    }

    private static ApiException wrongCode() {
        return ApiException.invalid("code", "code is not the authenticator's current six-digit code, or was used");
    }
}
