package io.abk.billing.gateway.controlplane.user;

import io.abk.billing.schemas.render.ApiJson;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A team member and an invitation as the API shows them: never a password's hash nor an invitation's token. */
public final class UserJson {

    private UserJson() {}

    public static Map<String, @Nullable Object> user(MerchantUser user) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", user.id());
        json.put("merchantId", user.merchantId());
        json.put("email", user.email());
        json.put("role", user.role().wireName());
        json.put("createdAt", ApiJson.timestamp(user.createdAt()));
        json.put("updatedAt", ApiJson.timestamp(user.updatedAt()));
        return json;
    }

    /**
     * A member as their team sees them ({@code GET /v1/team/members}): {@code totpEnabled} whether sign-in asks for
     * an authenticator's code, {@code lockedUntil} when a lockout ends, null when sign-in is not refused at {@code now}.
     */
    public static Map<String, @Nullable Object> member(MerchantUser user, Instant now) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", user.id());
        json.put("email", user.email());
        json.put("role", user.role().wireName());
        json.put("createdAt", ApiJson.timestamp(user.createdAt()));
        json.put("totpEnabled", user.hasTotp());
        json.put("lockedUntil", user.isLockedAt(now) ? ApiJson.timestamp(user.lockedUntil()) : null);
        return json;
    }

    /** An invitation as its team sees it: never its link, which is shown once, when it is made. */
    public static Map<String, @Nullable Object> invitation(MerchantInvitation invitation) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", invitation.id());
        json.put("email", invitation.email());
        json.put("role", invitation.role().wireName());
        json.put("createdAt", ApiJson.timestamp(invitation.createdAt()));
        json.put("expiresAt", ApiJson.timestamp(invitation.expiresAt()));
        return json;
    }
}
