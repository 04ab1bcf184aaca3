package io.abk.billing.gateway.api.team;

import io.abk.billing.gateway.api.MemberOnly;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.user.InvitationRequest;
import io.abk.billing.gateway.controlplane.user.MerchantUser;
import io.abk.billing.gateway.controlplane.user.UserJson;
import io.abk.billing.gateway.controlplane.user.UserService;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/team/members}: the caller's team (never a password's hash), newest first, the lifting of a member's
 * lockout, a member's new role and a member's removal (the team always keeps an owner). Only a team member may call them (through the dashboard, whose access table leaves them to the owner); an
 * API key is 403 {@code permission_denied}: the team is managed in the dashboard.
 */
@RestController
public class TeamRoutes {

    private final UserService users;
    private final Clock clock;

    public TeamRoutes(UserService users, Clock clock) {
        this.users = users;
        this.clock = clock;
    }

    @GetMapping("/v1/team/members")
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            var page = PageRequest.from(query, IdPrefix.USER);
            var now = Now.of(clock);
            return users.list(caller.merchantId(), page)
                    .map(found -> found.map(user -> UserJson.member(user, now)).body("members"));
        });
    }

    @PostMapping("/v1/team/members/{id}/unlock")
    public Mono<Map<String, Object>> unlock(Caller caller, @PathVariable String id) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            return users.unlock(caller.actorId(), caller.merchantId(), id).map(this::wrap);
        });
    }

    @PatchMapping("/v1/team/members/{id}")
    public Mono<Map<String, Object>> changeRole(
            Caller caller, @PathVariable String id, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            var role = InvitationRequest.role(RequestFields.of(body));
            return users.changeRole(caller.actorId(), caller.merchantId(), id, role)
                    .map(this::wrap);
        });
    }

    @DeleteMapping("/v1/team/members/{id}")
    public Mono<Map<String, Object>> remove(Caller caller, @PathVariable String id) {
        return Mono.defer(() -> {
            refuseKeys(caller);
            return users.remove(caller.actorId(), caller.merchantId(), id).map(this::wrap);
        });
    }

    private Map<String, Object> wrap(MerchantUser member) {
        return Map.of("member", UserJson.member(member, Now.of(clock)));
    }

    /** A member acts as {@code usr_...}; anyone else (an API key, {@code key_...}) may not manage the team. */
    static void refuseKeys(Caller caller) {
        MemberOnly.require(caller, "team members are managed in the dashboard, not with an API key");
    }
}
