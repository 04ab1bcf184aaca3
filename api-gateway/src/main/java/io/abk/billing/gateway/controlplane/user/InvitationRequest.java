package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;

/** A validated {@code POST /v1/team/invitations} body: the invitee's email (lower-cased) and the role they will have. */
public record InvitationRequest(String email, UserRole role) {

    public static InvitationRequest parse(RequestFields fields) {
        var email = UserRequest.email(fields);
        return new InvitationRequest(email, role(fields));
    }

    /** The required {@code role} field (of this body, and of {@code PATCH /v1/team/members/{id}}): one of the four. */
    public static UserRole role(RequestFields fields) {
        return fields.optionalOneOf("role", UserRole.NAMES)
                .flatMap(UserRole::fromWireName)
                .orElseThrow(() -> ApiException.invalid(
                        "role",
                        "role is required: one of "
                                + String.join(
                                        ", ", UserRole.NAMES.stream().sorted().toList())));
    }
}
