package io.abk.billing.gateway.operator.admin;

import io.abk.billing.gateway.controlplane.auth.Operator;
import io.abk.billing.gateway.controlplane.user.UserJson;
import io.abk.billing.gateway.controlplane.user.UserRequest;
import io.abk.billing.gateway.controlplane.user.UserService;
import io.abk.billing.gateway.platform.json.RequestFields;
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

/** {@code /admin/v1/merchants/{merchantId}/users}: the people of a merchant's team, who sign in to the dashboard. */
@RestController
public class AdminUserRoutes {

    private final UserService users;

    public AdminUserRoutes(UserService users) {
        this.users = users;
    }

    @PostMapping("/admin/v1/merchants/{merchantId}/users")
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Operator operator,
            @PathVariable String merchantId,
            @RequestBody(required = false) @Nullable JsonNode body) {
        var request = UserRequest.parse(RequestFields.of(body));
        return users.create(operator.actor(), merchantId, request)
                .map(user -> ResponseEntity.status(HttpStatus.CREATED).body(Map.of("user", UserJson.user(user))));
    }

    @GetMapping("/admin/v1/merchants/{merchantId}/users")
    public Mono<Map<String, Object>> list(
            Operator operator, @PathVariable String merchantId, @RequestParam MultiValueMap<String, String> query) {
        var page = PageRequest.from(query, IdPrefix.USER);
        return users.list(merchantId, page)
                .map(found -> found.map(UserJson::user).body("users"));
    }
}
