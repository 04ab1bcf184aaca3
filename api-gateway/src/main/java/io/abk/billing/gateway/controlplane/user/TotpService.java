package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A member's own second factor: starting an enrolment (a new secret, shown to them alone), confirming it with a first
 * code, turning it off with a code (not while the team requires it), and checking a sign-in's code, each code
 * accepted once, and the member's one-time {@link RecoveryCodes} (made when it is confirmed, remade on request). The
 * secret is sealed at rest as webhook signing secrets are ({@link SecretSealer}), with the member's id as associated
 * data. Enabling, disabling, remaking the recovery codes and using one are audited.
 */
@Service
public class TotpService {

    /** A started enrolment: the secret to type into an authenticator, and the URI its QR code carries. */
    public record Enrolment(String secret, String otpauthUri) {}

    /** A second factor turned on, with its recovery codes, shown this once. */
    public record Confirmed(MerchantUser member, List<String> recoveryCodes) {}

    private final UserRepository users;
    private final TotpRepository totp;
    private final RecoveryCodeRepository recoveryCodes;
    private final SecretSealer sealer;
    private final AuditLog audit;
    private final TransactionalOperator tx;
    private final Clock clock;

    public TotpService(
            UserRepository users,
            TotpRepository totp,
            RecoveryCodeRepository recoveryCodes,
            SecretSealer sealer,
            AuditLog audit,
            TransactionalOperator tx,
            Clock clock) {
        this.users = users;
        this.totp = totp;
        this.recoveryCodes = recoveryCodes;
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
     * Turns the pending enrolment on with its first {@code code}, and makes the member's {@link RecoveryCodes}: 400
     * {@code validation_error} for a wrong code, 409 {@code totp_not_enabled} with no enrolment started,
     * {@code totp_already_enabled} when on. Audited.
     */
    public Mono<Confirmed> confirm(String merchantId, String userId, String code) {
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
                            .flatMap(enabled -> audited(enabled, "user.totp_enabled"))
                            .flatMap(enabled ->
                                    newRecoveryCodes(enabled, now).map(codes -> new Confirmed(enabled, codes)));
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
                    return recoveryCodes
                            .forget(member.id())
                            .then(totp.disable(member.id(), now))
                            .flatMap(disabled -> audited(disabled, "user.totp_disabled"));
                })
                .as(tx::transactional);
    }

    /**
     * A new set of the member's recovery codes for a current authenticator {@code code}, the set before void: 409
     * {@code totp_not_enabled} when the second factor is off, 400 {@code validation_error} for a wrong or used code.
     * Audited.
     */
    public Mono<List<String>> regenerateRecoveryCodes(String merchantId, String userId, String code) {
        var now = Now.of(clock);
        return memberForUpdate(merchantId, userId)
                .flatMap(member -> {
                    var sealed = member.totpSecretSealed();
                    if (!member.hasTotp() || sealed == null) {
                        return Mono.error(new ApiException(
                                409,
                                ErrorCodes.TOTP_NOT_ENABLED,
                                "Two-factor sign-in is not on for this member: recovery codes come with it"));
                    }
                    var step =
                            TotpCodes.matchingStep(sealer.open(sealed, member.id()), code, now, member.totpLastStep());
                    if (step.isEmpty()) {
                        return Mono.error(wrongCode());
                    }
                    return totp.accept(member.id(), step.getAsLong())
                            .flatMap(accepted -> accepted ? newRecoveryCodes(member, now) : Mono.error(wrongCode()))
                            .flatMap(codes -> audited(member, "user.recovery_codes_regenerated")
                                    .thenReturn(codes));
                })
                .as(tx::transactional);
    }

    /** How many of the member's recovery codes are unused. */
    public Mono<Long> recoveryCodesLeft(String userId) {
        return recoveryCodes.remaining(userId);
    }

    /**
     * Whether {@code code} is the member's authenticator code now and was not used before, or one of their unused
     * recovery codes (audited); a code accepted here is used up, so of two sign-ins with one code one passes. False
     * for a member without a second factor.
     */
    public Mono<Boolean> acceptSignInCode(MerchantUser member, String code) {
        var sealed = member.totpSecretSealed();
        if (!member.hasTotp() || sealed == null) {
            return Mono.just(false);
        }
        var recoveryCode = RecoveryCodes.normalized(code);
        if (recoveryCode.isPresent()) {
            var now = Now.of(clock);
            return recoveryCodes
                    .use(member.id(), RecoveryCodes.hash(member.id(), recoveryCode.get()), now)
                    .flatMap(used ->
                            used ? audited(member, "user.recovery_code_used").thenReturn(true) : Mono.just(false))
                    .as(tx::transactional);
        }
        var step = TotpCodes.matchingStep(sealer.open(sealed, member.id()), code, Now.of(clock), member.totpLastStep());
        return step.isEmpty() ? Mono.just(false) : totp.accept(member.id(), step.getAsLong());
    }

    /** A new set of recovery codes for the member, the set before void; the codes as the member is shown them. */
    private Mono<List<String>> newRecoveryCodes(MerchantUser member, Instant now) {
        var codes = RecoveryCodes.newSet();
        var hashes = codes.stream()
                .map(code -> RecoveryCodes.hash(
                        member.id(), RecoveryCodes.normalized(code).orElseThrow()))
                .toList();
        return recoveryCodes.replace(member.id(), hashes, now).thenReturn(codes);
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
