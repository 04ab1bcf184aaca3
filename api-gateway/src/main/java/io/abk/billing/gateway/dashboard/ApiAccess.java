package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.user.UserRole;
import java.util.List;
import org.springframework.http.HttpMethod;

/**
 * The least role a team member needs to call a {@code /v1} route through the dashboard ({@code /dashboard/api/v1/...}):
 * every read is a viewer's but the team's (its people's emails and lockouts), which is the owner's; keys, webhooks, events' redelivery and the test clock are a developer's; money (charges,
 * refunds, voids, a subscription's lifecycle, payments and links) and the catalog are an admin's; a member's own
 * settings ({@code /v1/me}, their second factor) are every member's; anything this table
 * does not name is an owner's, so a route added later is closed until it is placed here.
 */
final class ApiAccess {

    private record Rule(String prefix, UserRole least) {}

    private static final List<Rule> WRITES = List.of(
            new Rule("/v1/me", UserRole.VIEWER),
            new Rule("/v1/api_keys", UserRole.DEVELOPER),
            new Rule("/v1/webhook_endpoints", UserRole.DEVELOPER),
            new Rule("/v1/events", UserRole.DEVELOPER),
            new Rule("/v1/test_clock", UserRole.DEVELOPER),
            new Rule("/v1/subscriptions", UserRole.ADMIN),
            new Rule("/v1/invoices", UserRole.ADMIN),
            new Rule("/v1/payments", UserRole.ADMIN),
            new Rule("/v1/payment-links", UserRole.ADMIN),
            new Rule("/v1/products", UserRole.ADMIN),
            new Rule("/v1/prices", UserRole.ADMIN));

    private static final List<Rule> READS = List.of(new Rule("/v1/team", UserRole.OWNER));

    private ApiAccess() {}

    /** The least role that may send {@code method} to {@code path} (a {@code /v1} path). */
    static UserRole least(HttpMethod method, String path) {
        if (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)) {
            return least(READS, path, UserRole.VIEWER);
        }
        return least(WRITES, path, UserRole.OWNER);
    }

    private static UserRole least(List<Rule> rules, String path, UserRole otherwise) {
        return rules.stream()
                .filter(rule -> path.equals(rule.prefix()) || path.startsWith(rule.prefix() + "/"))
                .map(Rule::least)
                .findFirst()
                .orElse(otherwise);
    }
}
