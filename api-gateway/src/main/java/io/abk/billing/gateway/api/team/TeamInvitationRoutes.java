package io.abk.billing.gateway.api.team;

import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.controlplane.user.InvitationRequest;
import io.abk.billing.gateway.controlplane.user.InvitationService;
import io.abk.billing.gateway.controlplane.user.UserJson;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/team/invitations}: inviting an email to the caller's team with a role (the answer holds the link, once:
 * {@code <gateway>/dashboard/invitations/<token>}), the invitations still pending, and revoking one. A member's only,
 * as the rest of {@code /v1/team} ({@link TeamRoutes#refuseKeys}).
 */
@RestController
public class TeamInvitationRoutes {

    /** Where an invitation's link leads: the dashboard's page that accepts it. */
    public static final String LINK_PATH = "/dashboard/invitations/";

    private final InvitationService invitations;
    private final String base;

    public TeamInvitationRoutes(InvitationService invitations, BillingProperties properties) {
        this.invitations = invitations;
        this.base = properties.checkoutBase();
    }

    @PostMapping("/v1/team/invitations")
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, Object>>> invite(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            TeamRoutes.refuseKeys(caller);
            var request = InvitationRequest.parse(RequestFields.of(body));
            return invitations
                    .invite(caller.actorId(), caller.merchantId(), request)
                    .map(invited -> {
                        var json = UserJson.invitation(invited.invitation());
                        json.put("url", base + LINK_PATH + invited.token());
                        return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("invitation", json));
                    });
        });
    }

    @GetMapping("/v1/team/invitations")
    public Mono<Map<String, Object>> pending(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            TeamRoutes.refuseKeys(caller);
            var page = PageRequest.from(query, IdPrefix.USER_INVITATION);
            return invitations
                    .pending(caller.merchantId(), page)
                    .map(found -> found.map(UserJson::invitation).body("invitations"));
        });
    }

    @PostMapping("/v1/team/invitations/{id}/revoke")
    public Mono<Map<String, Object>> revoke(Caller caller, @PathVariable String id) {
        return Mono.defer(() -> {
            TeamRoutes.refuseKeys(caller);
            return invitations
                    .revoke(caller.actorId(), caller.merchantId(), id)
                    .map(revoked -> Map.of("invitation", UserJson.invitation(revoked)));
        });
    }
}
