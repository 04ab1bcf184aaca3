package io.abk.billing.gateway.api.me;

import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.controlplane.user.MerchantUser;
import io.abk.billing.gateway.controlplane.user.TotpService;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/me/totp}: the calling member's second factor. {@code POST} starts an enrolment (its secret and
 * {@code otpauth://} URI, answered this once), {@code POST .../confirm} turns it on with a first code and answers its ten
 * one-time recovery codes (this once too), {@code POST .../recovery_codes} makes a new set for a current code, and
 * {@code DELETE} turns it off with a current code. Each member manages their own; an API key is 403
 * {@code permission_denied}.
 */
@RestController
public class TotpRoutes {

    private static final String RECOVERY_CODES = "recoveryCodes";

    private final TotpService totp;

    public TotpRoutes(TotpService totp) {
        this.totp = totp;
    }

    @PostMapping("/v1/me/totp")
    @ShowsSecret
    public Mono<Map<String, Object>> start(Caller caller) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            return totp.start(caller.merchantId(), caller.actorId())
                    .map(enrolment -> Map.of(
                            "totp",
                            Map.of(
                                    "status", "pending",
                                    "secret", enrolment.secret(),
                                    "otpauthUri", enrolment.otpauthUri())));
        });
    }

    @PostMapping("/v1/me/totp/confirm")
    @ShowsSecret
    public Mono<Map<String, Object>> confirm(Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            var code = RequestFields.of(body).requiredString("code");
            return totp.confirm(caller.merchantId(), caller.actorId(), code).map(confirmed -> {
                var answer = new LinkedHashMap<String, Object>(wrap(confirmed.member()));
                answer.put(RECOVERY_CODES, confirmed.recoveryCodes());
                return answer;
            });
        });
    }

    /** A new set of recovery codes for a current authenticator {@code code}; the set before is void. */
    @PostMapping("/v1/me/totp/recovery_codes")
    @ShowsSecret
    public Mono<Map<String, Object>> regenerateRecoveryCodes(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            var code = RequestFields.of(body).requiredString("code");
            return totp.regenerateRecoveryCodes(caller.merchantId(), caller.actorId(), code)
                    .map(codes -> Map.of(RECOVERY_CODES, codes));
        });
    }

    @DeleteMapping("/v1/me/totp")
    public Mono<Map<String, Object>> disable(Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            var code = RequestFields.of(body).requiredString("code");
            return totp.disable(caller.merchantId(), caller.actorId(), code).map(TotpRoutes::wrap);
        });
    }

    private static Map<String, Object> wrap(MerchantUser member) {
        var enabledAt = member.totpEnabledAt();
        return Map.of(
                "totp",
                enabledAt == null
                        ? Map.of("status", "off")
                        : Map.of("status", "on", "enabledAt", Objects.requireNonNull(ApiJson.timestamp(enabledAt))));
    }

    /** A member acts as {@code usr_...}; an API key ({@code key_...}) is no person with a second factor. */
    private static void refuseKeys(Caller caller) {
        if (!caller.actorId().startsWith(IdPrefix.USER.withSeparator())) {
            throw new ApiException(
                    403,
                    ErrorCodes.PERMISSION_DENIED,
                    "a member's second factor is managed by that member in the dashboard, not with an API key");
        }
    }
}
