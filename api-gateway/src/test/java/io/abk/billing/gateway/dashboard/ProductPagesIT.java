package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.TestMerchant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard's products section as an owner and a viewer of one team see it: a product made through the API listed
 * and shown with its prices (amounts exactly), the changes and their confirmation pages offered to the owner only, and
 * a product created, renamed, priced and archived through {@code /dashboard/api/v1} by the owner and refused to the
 * viewer.
 */
class ProductPagesIT extends DashboardIT {

    @Test
    void shouldListAndShowAProductWithItsPricesAndTheActionsOnlyForTheOwner() {
        var team = newTeam("Catalog Ltd");
        var product = createProduct(team.merchant(), "Poster club");
        var productId = product.get("id").stringValue();
        var monthly = product.get("prices").get(0).get("id").stringValue();
        var yearly = product.get("prices").get(1).get("id").stringValue();
        var archived = post(team.merchant(), "test", "/v1/products/" + productId + "/prices", """
                {"amountUsdc": 3, "interval": "once"}""")
                .body()
                .get("price")
                .get("id")
                .stringValue();
        patch(team.merchant(), "/v1/prices/" + archived, "{\"active\": false}");

        var ownersList = page("/dashboard/products", team.owner().token());
        var viewersList = page("/dashboard/products", team.viewer().token());
        var ownersProduct =
                page("/dashboard/products/" + productId, team.owner().token());
        var viewersProduct =
                page("/dashboard/products/" + productId, team.viewer().token());

        assertThat(ownersList)
                .contains("data-page=\"products\"")
                .contains("data-id=\"" + productId + "\"")
                .contains("Poster club")
                .as("the list shows the active prices only, as the API lists them")
                .contains("9.99 USDC / month, 120.000001 USDC / year")
                .doesNotContain("3.00 USDC")
                .contains("href=\"/dashboard/products/new\" data-action=\"create\"");
        assertThat(viewersList).contains("data-id=\"" + productId + "\"").doesNotContain("data-action=\"create\"");
        assertThat(ownersProduct)
                .contains("data-page=\"product\"")
                .contains("data-status>active<")
                .contains("Poster club", "Monthly posters")
                .contains("data-id=\"" + monthly + "\"", "data-id=\"" + yearly + "\"", "data-id=\"" + archived + "\"")
                .contains("9.99 USDC", "120.000001 USDC", "3.00 USDC")
                .contains("href=\"/dashboard/products/" + productId + "/rename\" data-action=\"rename\"")
                .contains("href=\"/dashboard/products/" + productId + "/add-price\" data-action=\"add-price\"")
                .contains("href=\"/dashboard/products/" + productId + "/archive\" data-action=\"archive\"")
                .contains("href=\"/dashboard/products/" + productId + "/prices/" + monthly + "/archive\"")
                .as("an archived price cannot be archived again")
                .doesNotContain("/prices/" + archived + "/archive");
        assertThat(viewersProduct)
                .contains("data-page=\"product\"")
                .contains("120.000001 USDC")
                .doesNotContain("data-action=\"rename\"")
                .doesNotContain("data-action=\"archive\"")
                .doesNotContain("data-action=\"add-price\"")
                .doesNotContain("data-action=\"archive-price\"");
    }

    @Test
    void shouldOfferTheConfirmationPagesToTheOwnerAndRefuseThemToTheViewer() {
        var team = newTeam("Confirm Catalog Ltd");
        var product = createProduct(team.merchant(), "Poster club");
        var productId = product.get("id").stringValue();
        var price = product.get("prices").get(0).get("id").stringValue();
        var otherPrice = createProduct(team.merchant(), "Other")
                .get("prices")
                .get(0)
                .get("id")
                .stringValue();
        var base = "/dashboard/products/" + productId;
        var actionPages = new String[] {
            "/dashboard/products/new",
            base + "/rename",
            base + "/archive",
            base + "/restore",
            base + "/add-price",
            base + "/prices/" + price + "/archive"
        };

        for (var path : actionPages) {
            assertThat(page(path, team.owner().token())).as(path).contains("data-action=\"confirm\"");
            var refused = answer(path, team.viewer().token());
            assertThat(refused.status()).as(path).isEqualTo(403);
            assertThat(refused.body())
                    .as(path)
                    .contains("Only an admin or the owner may change the catalog; you are a viewer.")
                    .doesNotContain("data-action=\"confirm\"");
        }
        assertThat(page("/dashboard/products/new", team.owner().token()))
                .contains("data-page=\"products\"")
                .contains("data-api-path=\"/v1/products\" data-api-method=\"POST\"")
                .contains("data-next=\"/dashboard/products/{id}?done=create\" data-next-id=\"product.id\"")
                .contains("name=\"name\" value=\"\" required", "name=\"description\"");
        assertThat(page(base + "/rename", team.owner().token()))
                .contains("data-api-path=\"/v1/products/" + productId + "\" data-api-method=\"PATCH\"")
                .contains("data-next=\"" + base + "?done=rename\"")
                .as("the current name to change")
                .contains("name=\"name\" value=\"Poster club\" required");
        assertThat(page(base + "/archive", team.owner().token()))
                .contains("data-api-path=\"/v1/products/" + productId + "\" data-api-method=\"PATCH\"")
                .contains("name=\"active\" value=\"false\" data-json=\"boolean\"");
        assertThat(page(base + "/add-price", team.owner().token()))
                .contains("data-api-path=\"/v1/products/" + productId + "/prices\" data-api-method=\"POST\"")
                .contains("data-next=\"" + base + "?done=add-price\"")
                .contains("name=\"amountUsdc\" value=\"\" data-json=\"number\" inputmode=\"decimal\" required")
                .contains("name=\"interval\" value=\"month\" data-json=\"\" checked")
                .contains("name=\"interval\" value=\"year\"", "name=\"interval\" value=\"once\"")
                .contains("name=\"trialDays\" value=\"\" data-json=\"number\"");
        assertThat(page(base + "/prices/" + price + "/archive", team.owner().token()))
                .contains("data-page=\"product\"")
                .contains("data-api-path=\"/v1/prices/" + price + "\" data-api-method=\"PATCH\"")
                .contains("data-next=\"" + base + "?done=archive-price\"")
                .contains("name=\"active\" value=\"false\" data-json=\"boolean\"");
        var ofAnotherProduct =
                answer(base + "/prices/" + otherPrice + "/archive", team.owner().token());
        assertThat(ofAnotherProduct.status())
                .as("a price of another product is not this product's")
                .isEqualTo(404);
    }

    @Test
    void shouldRefuseAnUnknownIdOrABadFilterWithAPageSayingWhy() {
        var team = newTeam("Refusal Catalog Ltd");
        var token = team.owner().token();

        var unknown = answer("/dashboard/products/prod_01jcrgx3b2m0x9k8d7f6e5a4s3", token);
        var malformed = answer("/dashboard/products/sub_01jcrgx3b2m0x9k8d7f6e5a4s3/rename", token);
        var unknownPrice = answer("/dashboard/products/prod_01jcrgx3b2m0x9k8d7f6e5a4s3/prices/price_x/archive", token);
        var badCursor = answer("/dashboard/products?startingAfter=sub_01jcrgx3b2m0x9k8d7f6e5a4s3", token);
        var badLimit = answer("/dashboard/products?limit=0", token);

        for (var missing : new Answer[] {unknown, malformed, unknownPrice}) {
            assertThat(missing.status()).as(missing.body()).isEqualTo(404);
            assertThat(missing.body()).contains("data-page=\"refused\"");
        }
        for (var bad : new Answer[] {badCursor, badLimit}) {
            assertThat(bad.status()).as(bad.body()).isEqualTo(400);
            assertThat(bad.body()).contains("data-page=\"refused\"");
        }
        assertThat(badCursor.body()).contains("startingAfter");
        assertThat(badLimit.body()).contains("limit");
    }

    @Test
    void shouldLetTheOwnerCreateRenameAndArchiveThroughTheDashboardApiAndRefuseTheViewer() {
        var team = newTeam("Dashboard Catalog Ltd");
        var existing = createProduct(team.merchant(), "Poster club");
        var existingId = existing.get("id").stringValue();
        var existingPrice = existing.get("prices").get(0).get("id").stringValue();
        var owner = team.owner();
        var viewer = team.viewer();
        var body = "{\"name\":\"Sticker club\",\"description\":\"From the dashboard\"}";

        var viewerCalls = new Reply[] {
            dashboardApi(viewer, HttpMethod.POST, "/v1/products", body),
            dashboardApi(viewer, HttpMethod.PATCH, "/v1/products/" + existingId, "{\"name\":\"Renamed\"}"),
            dashboardApi(viewer, HttpMethod.PATCH, "/v1/products/" + existingId, "{\"active\":false}"),
            dashboardApi(
                    viewer,
                    HttpMethod.POST,
                    "/v1/products/" + existingId + "/prices",
                    "{\"amountUsdc\":1,\"interval\":\"once\"}"),
            dashboardApi(viewer, HttpMethod.PATCH, "/v1/prices/" + existingPrice, "{\"active\":false}")
        };
        var created = dashboardApi(owner, HttpMethod.POST, "/v1/products", body);
        var id = created.body().path("product").path("id").stringValue();
        var renamed = dashboardApi(owner, HttpMethod.PATCH, "/v1/products/" + id, "{\"name\":\"Sticker society\"}");
        var priced = dashboardApi(
                owner,
                HttpMethod.POST,
                "/v1/products/" + id + "/prices",
                "{\"amountUsdc\":7.250001,\"interval\":\"month\",\"trialDays\":14}");
        var priceId = priced.body().path("price").path("id").stringValue();
        var priceArchived = dashboardApi(owner, HttpMethod.PATCH, "/v1/prices/" + priceId, "{\"active\":false}");
        var archived = dashboardApi(owner, HttpMethod.PATCH, "/v1/products/" + id, "{\"active\":false}");

        for (var refused : viewerCalls) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(403);
            assertThat(refused.code()).isEqualTo("permission_denied");
            assertThat(refused.body().get("error").stringValue()).contains("viewer");
        }
        var unchanged = get(team.merchant(), "test", "/v1/products/" + existingId)
                .body()
                .get("product");
        assertThat(unchanged.get("name").stringValue())
                .as("the viewer's calls changed nothing")
                .isEqualTo("Poster club");
        assertThat(unchanged.get("active").booleanValue()).isTrue();
        assertThat(unchanged.get("prices").size()).isEqualTo(2);
        assertThat(unchanged.get("prices").get(0).get("active").booleanValue()).isTrue();
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
        assertThat(priced.status()).as(priced.text()).isEqualTo(201);
        assertThat(priceArchived.status()).as(priceArchived.text()).isEqualTo(200);
        assertThat(archived.status()).as(archived.text()).isEqualTo(200);
        var product = get(team.merchant(), "test", "/v1/products/" + id).body().get("product");
        assertThat(product.get("name").stringValue()).isEqualTo("Sticker society");
        assertThat(product.get("description").stringValue()).isEqualTo("From the dashboard");
        assertThat(product.get("active").booleanValue()).isFalse();
        assertThat(product.get("prices").get(0).get("amountUsdc").decimalValue())
                .isEqualByComparingTo("7.250001");
        assertThat(product.get("prices").get(0).get("active").booleanValue()).isFalse();
        assertThat(page("/dashboard/products", owner.token()))
                .as("an archived product leaves the list, as the API lists it")
                .doesNotContain("data-id=\"" + id + "\"")
                .contains("data-id=\"" + existingId + "\"");
        assertThat(page("/dashboard/products/" + id + "?done=archive", owner.token()))
                .contains("data-done>The product is archived.<")
                .contains("data-status>archived<")
                .contains("Sticker society", "7.250001 USDC")
                .contains("data-action=\"restore\"")
                .doesNotContain("data-action=\"archive\"")
                .doesNotContain("data-action=\"archive-price\"");
    }

    /** A test-mode product made through the API with the merchant's key: 9.99 a month and 120.000001 a year. */
    private JsonNode createProduct(TestMerchant merchant, String name) {
        var created = post(merchant, "test", "/v1/products", """
                {"name": "%s", "description": "Monthly posters", "prices": [
                  {"amountUsdc": 9.99, "interval": "month"},
                  {"amountUsdc": 120.000001, "interval": "year", "trialDays": 14}]}""".formatted(name));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.body().get("product");
    }

    private void patch(TestMerchant merchant, String path, String json) {
        var patched = call(HttpMethod.PATCH, path, merchant.key("test"), json, null);
        assertThat(patched.status()).as(patched.text()).isEqualTo(200);
    }

    /** A call of the merchant API as the member, the way the dashboard's script sends it. */
    private Reply dashboardApi(Session session, HttpMethod method, String apiPath, String json) {
        return apiWith(session, method, apiPath, json, session.csrf(), "dash_" + UUID.randomUUID());
    }
}
