package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.controlplane.user.UserRole;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;

/** The least role of a dashboard call of the merchant API, by method and path. */
class ApiAccessTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "GET, /v1/webhook_endpoints, VIEWER",
        "GET, /v1/webhook_endpoints/we_1, VIEWER",
        "GET, /v1/webhook_endpoints/we_1/deliveries, VIEWER",
        "GET, /v1/webhook_endpoints/we_1/secret, DEVELOPER",
        "HEAD, /v1/webhook_endpoints/we_1/secret, DEVELOPER",
        // the router decodes a segment and drops its matrix parameters: the same read, so the same role
        "GET, /v1/webhook_endpoints/we_1/secre%74, DEVELOPER",
        "GET, /v1/webhook_endpoints/we_1/secret;x=1, DEVELOPER",
        "GET, /v1/webhook_endpoints//we_1/secret, DEVELOPER",
        "GET, /v1/team/members, OWNER",
        "GET, /v1/%74eam/members, OWNER",
        "GET, /v1/team;x=1/members, OWNER",
        "POST, /v1/%69nvoices/inv_1/void, ADMIN",
        "GET, /v1/invoices, VIEWER",
        "POST, /v1/webhook_endpoints/we_1/test, DEVELOPER",
        "PATCH, /v1/webhook_endpoints/we_1, DEVELOPER",
        "POST, /v1/invoices/inv_1/void, ADMIN",
        "POST, /v1/account, OWNER"
    })
    void shouldNeedTheLeastRoleOfTheRouteWhenCalledThroughTheDashboard(String method, String path, UserRole least) {
        assertThat(ApiAccess.least(HttpMethod.valueOf(method), path)).isEqualTo(least);
    }
}
