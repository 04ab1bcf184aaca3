package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The dashboard's customers as a viewer sees them: the list, found by wallet in any case, by email and by id (straight
 * to the customer's page), a search that is none of those refused, and a customer's page with its subscriptions
 * (its wallet's, not another customer's); and a customer created by the owner through {@code /dashboard/api/v1}.
 */
class CustomerPagesIT extends DashboardIT {

    private static final String OTHER_WALLET = "0x1111111111111111111111111111111111111111";

    @Test
    void shouldListFindAndShowCustomersWithTheirSubscriptions() {
        var team = newTeam("Customers Ltd");
        var created = api(
                team.owner(),
                HttpMethod.POST,
                "/v1/customers",
                Map.of("wallet", WALLET, "email", "Ada@Example.test", "name", "Ada Lovelace"));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var id = created.body().get("customer").get("id").stringValue();
        var other = post(team.merchant(), "test", "/v1/customers", Map.of("wallet", OTHER_WALLET));
        var otherId = other.body().get("customer").get("id").stringValue();
        var subscription = subscribe(team.merchant(), "test");
        var viewer = team.viewer().token();

        var list = page("/dashboard/customers", viewer);
        var byWallet =
                page("/dashboard/customers?q=" + WALLET.toUpperCase(Locale.ROOT).replace("0X", "0x"), viewer);
        var byEmail = page("/dashboard/customers?q=ada@example.TEST", viewer);
        var byId = pageAnswer("/dashboard/customers?q=" + id, viewer).returnResult(String.class);
        var detail = page("/dashboard/customers/" + id, viewer);
        var othersDetail = page("/dashboard/customers/" + otherId, viewer);
        var refused = answer("/dashboard/customers?q=nobody", viewer);

        assertThat(list)
                .contains("data-page=\"customers\"")
                .contains("data-id=\"" + id + "\"")
                .contains("data-id=\"" + otherId + "\"")
                .contains("href=\"/dashboard/customers\"");
        assertThat(byWallet).contains("data-id=\"" + id + "\"").doesNotContain("data-id=\"" + otherId + "\"");
        assertThat(byEmail).contains("data-id=\"" + id + "\"").doesNotContain("data-id=\"" + otherId + "\"");
        assertThat(byId.getStatus().value()).isEqualTo(303);
        assertThat(byId.getResponseHeaders().getLocation()).hasToString("/dashboard/customers/" + id);
        assertThat(detail)
                .contains("data-page=\"customer\"")
                .contains(WALLET.toLowerCase(Locale.ROOT))
                .contains("Ada Lovelace")
                .contains("data-id=\"" + subscription.subscriptionId() + "\"")
                .contains("href=\"/dashboard/subscriptions/" + subscription.subscriptionId() + "\"");
        assertThat(othersDetail)
                .doesNotContain("data-id=\"" + subscription.subscriptionId() + "\"")
                .contains("data-empty");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(answer(
                                "/dashboard/customers/" + otherId,
                                newTeam("Elsewhere").owner().token())
                        .status())
                .isEqualTo(404);
    }
}
