package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.user.UserRole;
import java.util.List;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.PathContainer.PathSegment;

/**
 * The least role a team member needs to call a {@code /v1} route through the dashboard ({@code /dashboard/api/v1/...}):
 * a viewer reads everything but secrets and the team: a webhook endpoint's signing secret is a developer's to read, the
 * team (its people's emails and lockouts) the owner's. Keys, webhooks, events' redelivery and the test clock are a
 * developer's to change; money (charges, refunds, voids, a subscription's lifecycle, payments and links, coupons and promotion codes) and the catalog
 * an admin's; a member's own settings ({@code /v1/me}, their second factor) are every member's; anything this table
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
            new Rule("/v1/customers", UserRole.ADMIN),
            new Rule("/v1/coupons", UserRole.ADMIN),
            new Rule("/v1/promotion_codes", UserRole.ADMIN),
            new Rule("/v1/products", UserRole.ADMIN),
            new Rule("/v1/prices", UserRole.ADMIN),
            new Rule("/v1/meters", UserRole.ADMIN),
            new Rule("/v1/meter_events", UserRole.ADMIN));

    private static final List<Rule> READS = List.of(new Rule("/v1/team", UserRole.OWNER));

    /** The collection whose {@code /{id}/secret} read answers a signing secret, which can forge its deliveries. */
    private static final String SECRETS_OF = "webhook_endpoints";

    private ApiAccess() {}

    /**
     * The least role that may send {@code method} to {@code path} (a {@code /v1} path, as the request has it). The rules
     * are matched against the path as the router matches it (each segment decoded, without matrix parameters), so
     * {@code /v1/%74eam} or {@code /v1/team;x=1} is the team as {@code /v1/team} is.
     */
    static UserRole least(HttpMethod method, String path) {
        var segments = PathContainer.parsePath(path).elements().stream()
                .filter(element -> element instanceof PathSegment)
                .map(element -> ((PathSegment) element).valueToMatch())
                .filter(segment -> !segment.isEmpty())
                .toList();
        var routed = "/" + String.join("/", segments);
        if (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)) {
            if (readsSecret(segments)) {
                return UserRole.DEVELOPER;
            }
            return least(READS, routed, UserRole.VIEWER);
        }
        return least(WRITES, routed, UserRole.OWNER);
    }

    /** Whether the path's segments are {@code v1/webhook_endpoints/{id}/secret}. */
    private static boolean readsSecret(List<String> segments) {
        return segments.size() == 4
                && segments.get(0).equals("v1")
                && segments.get(1).equals(SECRETS_OF)
                && segments.get(3).equals("secret");
    }

    private static UserRole least(List<Rule> rules, String path, UserRole otherwise) {
        return rules.stream()
                .filter(rule -> path.equals(rule.prefix()) || path.startsWith(rule.prefix() + "/"))
                .map(Rule::least)
                .findFirst()
                .orElse(otherwise);
    }
}
