package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The subscriptions section: the list with its rows, filter, search and pages; a subscription's page with its invoices
 * and the actions its status and the member's role allow; the confirmation of an action, refused to a role that may
 * not do it.
 */
class SubscriptionPagesIT extends DashboardIT {

    @Test
    void shouldListFindAndShowASubscriptionWithItsInvoicesAndTheActionsAnAdminMayTake() {
        var merchant = newMerchant(PAYOUT);
        var created = subscribe(merchant, "test", "12.345678", java.util.Map.of());
        var owner = member(merchant.id(), null);

        assertThat(page("/dashboard/subscriptions", owner.token()))
                .contains("data-page=\"subscriptions\"")
                .contains("data-id=\"" + created.subscriptionId() + "\"")
                .contains("12.345678 USDC");
        assertThat(page("/dashboard/subscriptions?status=active", owner.token()))
                .doesNotContain("data-id=\"" + created.subscriptionId() + "\"")
                .contains("data-empty");
        pageAnswer("/dashboard/subscriptions?q=" + created.subscriptionId(), owner.token())
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location("/dashboard/subscriptions/" + created.subscriptionId());
        pageAnswer("/dashboard/subscriptions?status=sleeping", owner.token())
                .expectStatus()
                .isBadRequest();
        assertThat(page("/dashboard/subscriptions?q=not-a-reference-of-theirs", owner.token()))
                .as("what is not an id nor a wallet is a merchant reference")
                .doesNotContain("data-id=\"" + created.subscriptionId() + "\"")
                .contains("data-empty");

        var detail = page("/dashboard/subscriptions/" + created.subscriptionId(), owner.token());
        assertThat(detail)
                .contains("data-page=\"subscription\"")
                .contains("data-id=\"" + created.invoiceId() + "\"")
                .contains("data-action=\"cancel\"")
                .contains("data-action=\"change-amount\"")
                .doesNotContain("data-action=\"resume\"");
        var confirm = page("/dashboard/subscriptions/" + created.subscriptionId() + "/cancel", owner.token());
        assertThat(confirm)
                .contains("data-api-path=\"/v1/subscriptions/" + created.subscriptionId() + "/cancel\"")
                .contains("data-idempotency-key=\"dash_")
                .contains("name=\"immediate\"")
                .contains("data-action=\"confirm\"");
    }

    @Test
    void shouldShowAViewerNoActionAndRefuseThemTheConfirmationPage() {
        var merchant = newMerchant(PAYOUT);
        var created = subscribe(merchant, "test");
        member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");

        assertThat(page("/dashboard/subscriptions/" + created.subscriptionId(), viewer.token()))
                .contains("data-page=\"subscription\"")
                .doesNotContain("data-action=\"cancel\"")
                .doesNotContain("data-action=\"change-amount\"");
        for (var action : new String[] {"cancel", "pause", "resume", "change-amount"}) {
            pageAnswer("/dashboard/subscriptions/" + created.subscriptionId() + "/" + action, viewer.token())
                    .expectStatus()
                    .isForbidden();
        }
    }

    @Test
    void shouldPageThroughTheListNewestFirstByCursor() {
        var merchant = newMerchant(PAYOUT);
        var ids = new java.util.ArrayList<String>();
        for (int i = 0; i < SubscriptionPageRoutes.PAGE_SIZE + 2; i++) {
            ids.addFirst(subscribe(merchant, "test").subscriptionId());
        }
        var owner = member(merchant.id(), null);

        var first = page("/dashboard/subscriptions", owner.token());
        var second = page(
                "/dashboard/subscriptions?startingAfter=" + ids.get(SubscriptionPageRoutes.PAGE_SIZE - 1),
                owner.token());

        assertThat(first)
                .contains("data-id=\"" + ids.getFirst() + "\"")
                .contains("data-action=\"next-page\"")
                .doesNotContain("data-id=\"" + ids.getLast() + "\"");
        assertThat(second)
                .contains("data-id=\"" + ids.get(SubscriptionPageRoutes.PAGE_SIZE) + "\"")
                .contains("data-id=\"" + ids.getLast() + "\"")
                .doesNotContain("data-action=\"next-page\"")
                .contains("data-action=\"first-page\"");
    }
}
