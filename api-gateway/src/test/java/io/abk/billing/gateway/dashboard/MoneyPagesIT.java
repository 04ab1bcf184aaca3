package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The dashboard's money sections as an owner and a viewer of one team see them: invoices, payments and payment links
 * made through the API listed and shown (amounts exactly), the actions and their confirmation pages offered to the
 * owner only, and a link created and disabled through {@code /dashboard/api/v1} by the owner and refused to the viewer.
 */
class MoneyPagesIT extends DashboardIT {

    @Test
    void shouldListAndShowInvoicesPaymentsAndLinksWithTheActionsOnlyForTheOwner() {
        var team = newTeam("Money Ltd");
        var created = subscribe(team.merchant(), "test", "9.99", Map.of());
        var otherSubscription = subscribe(team.merchant(), "test", "4.50", Map.of());
        var payment =
                createPayment(team.merchant(), "test", "12.345678").get("id").stringValue();
        var link = createLink(team.merchant(), "test", "5.5", Map.of("description", "Poster"))
                .get("id")
                .stringValue();

        var invoices = page("/dashboard/invoices", team.owner().token());
        var ofSubscription = page(
                "/dashboard/invoices?subscriptionId=" + created.subscriptionId(),
                team.owner().token());
        var payments = page("/dashboard/payments?status=open", team.owner().token());
        var links = page("/dashboard/payment-links", team.owner().token());
        var ownersInvoice =
                page("/dashboard/invoices/" + created.invoiceId(), team.owner().token());
        var viewersInvoice =
                page("/dashboard/invoices/" + created.invoiceId(), team.viewer().token());
        var paymentPage = page("/dashboard/payments/" + payment, team.viewer().token());
        var ownersLink = page("/dashboard/payment-links/" + link, team.owner().token());
        var viewersLink = page("/dashboard/payment-links/" + link, team.viewer().token());

        assertThat(invoices)
                .contains("data-page=\"invoices\"")
                .contains("data-id=\"" + created.invoiceId() + "\"")
                .contains("data-id=\"" + otherSubscription.invoiceId() + "\"")
                .contains("9.99 USDC");
        assertThat(ofSubscription)
                .contains("data-id=\"" + created.invoiceId() + "\"")
                .doesNotContain("data-id=\"" + otherSubscription.invoiceId() + "\"");
        assertThat(payments)
                .contains("data-page=\"payments\"")
                .contains("data-id=\"" + payment + "\"")
                .contains("12.345678 USDC");
        assertThat(links)
                .contains("data-page=\"payment-links\"")
                .contains("data-id=\"" + link + "\"")
                .contains("data-action=\"create\"");
        assertThat(page("/dashboard/payment-links", team.viewer().token()))
                .contains("data-id=\"" + link + "\"")
                .doesNotContain("data-action=\"create\"");
        assertThat(ownersInvoice)
                .contains("data-page=\"invoice\"")
                .contains("href=\"/dashboard/subscriptions/" + created.subscriptionId() + "\"")
                .contains("data-action=\"charge\"")
                .contains("data-action=\"void\"")
                .as("its one subscription line, then its sums")
                .contains("<tr data-line=\"subscription\">")
                .contains("<dd data-subtotal>9.99 USDC</dd>", "<dd data-discount>0.00 USDC</dd>")
                .contains("<dd data-total><strong>9.99 USDC</strong></dd>")
                .as("an open invoice has nothing to refund")
                .doesNotContain("data-action=\"refund\"");
        assertThat(viewersInvoice)
                .contains("data-page=\"invoice\"")
                .doesNotContain("data-action=\"charge\"")
                .doesNotContain("data-action=\"void\"");
        assertThat(paymentPage)
                .contains("data-page=\"payment\"")
                .contains("12.345678 USDC")
                .as("read only")
                .doesNotContain("class=\"actions\"");
        assertThat(ownersLink)
                .contains("data-page=\"payment-link\"")
                .contains("5.50 USDC")
                .contains("value=\"https://pay.example.test/checkout/link/" + link + "\"")
                .contains("data-copy=\"link-url\"")
                .contains("data-action=\"disable\"");
        assertThat(viewersLink).contains("data-copy=\"link-url\"").doesNotContain("data-action=\"disable\"");
    }

    @Test
    void shouldOfferTheConfirmationPagesToTheOwnerAndRefuseThemToTheViewer() {
        var team = newTeam("Confirm Ltd");
        var created = subscribe(team.merchant(), "test", "9.99", Map.of());
        var link =
                createLink(team.merchant(), "test", "5.5", Map.of()).get("id").stringValue();
        var actionPages = new String[] {
            "/dashboard/invoices/" + created.invoiceId() + "/charge",
            "/dashboard/invoices/" + created.invoiceId() + "/void",
            "/dashboard/invoices/" + created.invoiceId() + "/refund",
            "/dashboard/payment-links/new",
            "/dashboard/payment-links/" + link + "/disable"
        };

        for (var path : actionPages) {
            assertThat(page(path, team.owner().token())).as(path).contains("data-action=\"confirm\"");
            var refused = answer(path, team.viewer().token());
            assertThat(refused.status()).as(path).isEqualTo(403);
            assertThat(refused.body())
                    .as(path)
                    .contains("Only an admin or the owner may")
                    .doesNotContain("data-action=\"confirm\"");
        }
        assertThat(page(
                        "/dashboard/invoices/" + created.invoiceId() + "/refund",
                        team.owner().token()))
                .contains("data-api-path=\"/v1/invoices/" + created.invoiceId() + "/refund\"")
                .as("an optional amount: empty refunds all that is left")
                .contains("name=\"amountUsdc\" value=\"\" data-json=\"number\" inputmode=\"decimal\" aria-describedby")
                .contains("all that is left: 9.99 USDC");
        assertThat(page("/dashboard/payment-links/new", team.owner().token()))
                .contains("data-page=\"payment-links\"")
                .contains("data-api-path=\"/v1/payment-links\"")
                .contains("data-next=\"/dashboard/payment-links/{id}?done=create\" data-next-id=\"paymentLink.id\"")
                .contains("name=\"amountUsdc\"", "name=\"priceId\"", "name=\"maxUses\"", "name=\"expiresAt\"")
                .contains("name=\"collectEmail\" value=\"true\" data-json=\"boolean\"");
    }

    @Test
    void shouldRefuseAnUnknownIdOrABadFilterWithAPageSayingWhy() {
        var team = newTeam("Refusal Ltd");

        var unknown = answer(
                "/dashboard/invoices/inv_01jcrgx3b2m0x9k8d7f6e5a4s3",
                team.owner().token());
        var badStatus = answer("/dashboard/payments?status=lost", team.owner().token());
        var badSubscription = answer(
                "/dashboard/invoices?subscriptionId=inv_01jcrgx3b2m0x9k8d7f6e5a4s3",
                team.owner().token());

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("data-page=\"refused\"");
        assertThat(badStatus.status()).isEqualTo(400);
        assertThat(badStatus.body()).contains("status must be one of open, paid, canceled, expired");
        assertThat(badSubscription.status()).isEqualTo(400);
        assertThat(badSubscription.body()).contains("subscriptionId must be a sub_ id");
    }

    @Test
    void shouldLetTheOwnerCreateAndDisableALinkThroughTheDashboardApiAndRefuseTheViewer() {
        var team = newTeam("Links Ltd");
        var existing =
                createLink(team.merchant(), "test", "5.5", Map.of()).get("id").stringValue();
        var ownerCsrf = csrfOf(page("/dashboard/payment-links", team.owner().token()));
        var viewerCsrf = csrfOf(page("/dashboard/payment-links", team.viewer().token()));
        var body = "{\"amountUsdc\":7.250001,\"description\":\"From the dashboard\",\"payoutAddressEvm\":\"" + PAYOUT
                + "\",\"collectEmail\":true}";

        var viewerCreate = dashboardApi("/v1/payment-links", team.viewer().token(), viewerCsrf, body);
        var viewerDisable = dashboardApi(
                "/v1/payment-links/" + existing + "/disable", team.viewer().token(), viewerCsrf, "{}");
        var created = dashboardApi("/v1/payment-links", team.owner().token(), ownerCsrf, body);
        var id = created.body().path("paymentLink").path("id").stringValue();
        var disabled = dashboardApi(
                "/v1/payment-links/" + id + "/disable", team.owner().token(), ownerCsrf, "{}");

        for (var refused : new Reply[] {viewerCreate, viewerDisable}) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(403);
            assertThat(refused.code()).isEqualTo("permission_denied");
            assertThat(refused.body().get("error").stringValue()).contains("viewer");
        }
        assertThat(get(team.merchant(), "test", "/v1/payment-links/" + existing)
                        .body()
                        .get("paymentLink")
                        .get("status")
                        .stringValue())
                .as("the viewer's disable changed nothing")
                .isEqualTo("active");
        assertThat(get(team.merchant(), "test", "/v1/payment-links")
                        .body()
                        .get("paymentLinks")
                        .size())
                .as("the viewer's create made nothing: the existing link and the owner's")
                .isEqualTo(2);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.body().get("paymentLink").get("amountUsdc").decimalValue())
                .isEqualByComparingTo("7.250001");
        assertThat(disabled.status()).as(disabled.text()).isEqualTo(200);
        assertThat(disabled.body().get("paymentLink").get("status").stringValue())
                .isEqualTo("disabled");
        assertThat(page(
                        "/dashboard/payment-links/" + id + "?done=create",
                        team.owner().token()))
                .contains("data-status>disabled<")
                .contains("7.250001 USDC")
                .doesNotContain("data-action=\"disable\"");
    }

    /** A POST of the merchant API as the member, the way the dashboard's script sends it. */
    private Reply dashboardApi(String apiPath, String token, String csrf, String json) {
        var session = new Session("", "", token, csrf);
        return apiWith(session, HttpMethod.POST, apiPath, json, csrf, "dash_" + UUID.randomUUID());
    }
}
