package io.abk.billing.gateway.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.math.BigDecimal;
import java.net.URI;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;

/**
 * The customer portal through its routes: a merchant's one-use link opens a session of one wallet, merchant and mode
 * (never a second one, never reaching the API or the dashboard); the portal shows that wallet's subscriptions,
 * invoices and payments of that merchant and mode only; cancel at period end and resume go through the same commands
 * as the API's, with a confirmation and the session's CSRF token. Sign-In with Ethereum is {@link PortalSignInIT}.
 */
class PortalIT extends PaymentsIT {

    static final String OTHER_WALLET = "0x1111111111111111111111111111111111111111";
    private static final Pattern CSRF = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]+)\">");

    /** A portal session as a browser holds it: its cookie's token and the CSRF token its pages carry. */
    record Session(String token, String csrf) {}

    @Test
    void shouldOpenOneSessionPerLinkWithItsOwnCookieAndRefuseTheLinkAgainWhenUsedTwice() {
        var merchant = newMerchant(PAYOUT);

        var created = post(
                merchant,
                "test",
                "/v1/portal_sessions",
                Map.of("customerWallet", WALLET, "returnUrl", "https://shop.example.test/account"));

        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(fieldNames(created.body()))
                .containsExactly("object", "url", "expiresAt", "customerWallet", "returnUrl", "mode");
        assertThat(created.body().path("object").asString()).isEqualTo("portal_session");
        assertThat(created.body().path("customerWallet").asString()).isEqualTo(WALLET.toLowerCase(Locale.ROOT));
        assertThat(created.body().path("mode").asString()).isEqualTo("test");
        var url = created.body().path("url").asString();
        assertThat(url).startsWith("https://pay.example.test/portal/s/");
        var path = URI.create(url).getPath();
        var opened = http.get().uri(path).exchange().returnResult(String.class);
        assertThat(opened.getStatus().value()).isEqualTo(303);
        assertThat(opened.getResponseHeaders().getLocation()).hasToString("/portal");
        var cookie = opened.getResponseHeaders().getFirst(HttpHeaders.SET_COOKIE);
        assertThat(cookie)
                .startsWith(PortalCookie.NAME + "=")
                .contains("Path=/portal")
                .contains("HttpOnly")
                .contains("SameSite=Lax")
                .contains("Max-Age=3600")
                .as("the test asks over plain http")
                .doesNotContain("Secure");

        var again = http.get().uri(path).exchange().returnResult(String.class);
        assertThat(again.getStatus().value()).isEqualTo(410);
        assertThat(again.getResponseHeaders().get(HttpHeaders.SET_COOKIE)).isNull();
        var unknown = http.get().uri("/portal/s/" + "A".repeat(43)).exchange().returnResult(String.class);
        assertThat(unknown.getStatus().value()).isEqualTo(410);
        var bad = post(merchant, "test", "/v1/portal_sessions", Map.of("customerWallet", "0x12"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().path("param").asString()).isEqualTo("customerWallet");
        assertThat(call(HttpMethod.POST, "/v1/portal_sessions", null, Map.of("customerWallet", WALLET), null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void shouldRefuseAnExpiredLinkAndAnEndedSessionAndNeverLetAPortalSessionReachTheApiOrTheDashboard() {
        var merchant = newMerchant(PAYOUT);
        var url = portalUrl(merchant, "test", WALLET);
        database()
                .execute(
                        "UPDATE portal_links SET expires_at = now() - interval '1 second' WHERE token_hash = ?",
                        PortalTokens.hash(url.substring(url.lastIndexOf('/') + 1)));
        assertThat(http.get()
                        .uri(URI.create(url).getPath())
                        .exchange()
                        .returnResult(String.class)
                        .getStatus()
                        .value())
                .isEqualTo(410);

        var session = open(merchant, "test", WALLET);
        assertThat(http.get()
                        .uri("/v1/subscriptions")
                        .cookie(PortalCookie.NAME, session.token())
                        .exchange()
                        .returnResult(String.class)
                        .getStatus()
                        .value())
                .as("a portal session is no key")
                .isEqualTo(401);
        var dashboard = http.get()
                .uri("/dashboard/home")
                .cookie(PortalCookie.NAME, session.token())
                .exchange()
                .returnResult(String.class);
        assertThat(dashboard.getStatus().value()).isEqualTo(303);
        assertThat(dashboard.getResponseHeaders().getLocation()).hasToString("/dashboard/login");
        assertThat(page(session, "/portal").status()).isEqualTo(200);

        var signedOut = form(session, "/portal/sign-out", session.csrf());
        assertThat(signedOut.status()).isEqualTo(303);
        assertThat(page(session, "/portal").status()).isEqualTo(401);
        assertThat(http.get()
                        .uri("/portal")
                        .exchange()
                        .returnResult(String.class)
                        .getStatus()
                        .value())
                .isEqualTo(401);
    }

    @Test
    void shouldShowOnlyTheWalletsSubscriptionsInvoicesAndPaymentsOfTheSessionsMerchantAndMode() {
        var merchant = newMerchant(PAYOUT);
        var other = newMerchant(PAYOUT);
        var mine = activeSubscription(merchant, "12.50");
        var otherWallets = subscribeFor(merchant, "test", OTHER_WALLET);
        var otherMerchants = activeSubscription(other, "12.50");
        var live = subscribeFor(merchant, "live", WALLET);
        var payment = createPayment(merchant, "test", "3.25").path("id").asString();
        var othersPayment = post(merchant, "test", "/v1/payments", withWallet(paymentBody("4.00"), OTHER_WALLET))
                .body()
                .path("payment")
                .path("id")
                .asString();
        var session = open(merchant, "test", WALLET.toUpperCase(Locale.ROOT).replace("0X", "0x"));

        var portal = page(session, "/portal");

        assertThat(portal.status()).isEqualTo(200);
        assertThat(portal.text())
                .contains("<main data-page=\"portal\">")
                .contains("data-id=\"" + mine.subscriptionId() + "\"")
                .contains("data-id=\"" + mine.invoiceId() + "\"")
                .contains("data-id=\"" + payment + "\"")
                .contains("12.5 USDC every month")
                .contains("data-periods-covered=\"unknown\"")
                .contains("href=\"/portal/receipts/" + mine.invoiceId() + "\"")
                .contains("href=\"/portal/subscriptions/" + mine.subscriptionId() + "/cancel\"")
                .contains("data-action=\"cancel\"")
                .as("the sandbox signs nothing on chain")
                .doesNotContain("data-action=\"revoke\"")
                .as("another wallet's, another merchant's, the other mode's")
                .doesNotContain(otherWallets)
                .doesNotContain(otherMerchants.subscriptionId())
                .doesNotContain(otherMerchants.invoiceId())
                .doesNotContain(live)
                .doesNotContain(othersPayment);
        var receipt = page(session, "/portal/receipts/" + mine.invoiceId());
        assertThat(receipt.status()).isEqualTo(200);
        assertThat(receipt.text())
                .contains("<main data-page=\"receipt\">")
                .contains("12.5 USDC")
                .contains("Sandbox")
                .contains("@media print");
        assertThat(page(session, "/portal/receipts/" + otherMerchants.invoiceId())
                        .status())
                .isEqualTo(404);
        assertThat(page(session, "/portal/receipts/" + othersPayment).status()).isEqualTo(404);
        assertThat(page(session, "/portal/receipts/" + payment).status())
                .as("an open payment has no receipt")
                .isEqualTo(404);
        assertThat(page(session, "/portal/subscriptions/" + otherMerchants.subscriptionId() + "/cancel")
                        .status())
                .isEqualTo(404);
    }

    @Test
    void shouldCancelAtPeriodEndAndResumeAfterAConfirmationWithTheSessionsCsrfTokenOnly() {
        var merchant = newMerchant(PAYOUT);
        var other = newMerchant(PAYOUT);
        var mine = activeSubscription(merchant, "10.00").subscriptionId();
        var theirs = activeSubscription(other, "10.00").subscriptionId();
        var session = open(merchant, "test", WALLET);

        var confirm = page(session, "/portal/subscriptions/" + mine + "/cancel");
        assertThat(confirm.text())
                .contains("data-action=\"confirm\"")
                .contains("action=\"/portal/subscriptions/" + mine + "/cancel\"")
                .contains("value=\"" + session.csrf() + "\"");
        assertThat(form(session, "/portal/subscriptions/" + mine + "/cancel", null)
                        .status())
                .isEqualTo(403);
        assertThat(form(session, "/portal/subscriptions/" + mine + "/cancel", "wrong")
                        .status())
                .isEqualTo(403);
        assertThat(cancelAtPeriodEnd(merchant, mine)).as("nothing sent").isFalse();
        assertThat(form(session, "/portal/subscriptions/" + theirs + "/cancel", session.csrf())
                        .status())
                .as("another merchant's subscription for the same wallet")
                .isEqualTo(404);
        assertThat(cancelAtPeriodEnd(other, theirs)).isFalse();

        var canceled = form(session, "/portal/subscriptions/" + mine + "/cancel", session.csrf());

        assertThat(canceled.status()).as(canceled.text()).isEqualTo(303);
        assertThat(canceled.location()).isEqualTo("/portal?done=cancel");
        assertThat(cancelAtPeriodEnd(merchant, mine)).isTrue();
        assertThat(page(session, "/portal?done=cancel").text())
                .contains("data-notice")
                .contains("href=\"/portal/subscriptions/" + mine + "/resume\"")
                .contains("data-action=\"resume\"");

        var resumed = form(session, "/portal/subscriptions/" + mine + "/resume", session.csrf());

        assertThat(resumed.status()).as(resumed.text()).isEqualTo(303);
        assertThat(cancelAtPeriodEnd(merchant, mine)).isFalse();
    }

    /** A portal link of the merchant's key in {@code mode} for {@code wallet}. */
    String portalUrl(TestMerchant merchant, String mode, String wallet) {
        var created = post(merchant, mode, "/v1/portal_sessions", Map.of("customerWallet", wallet));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.body().path("url").asString();
    }

    /** Opens a portal link of {@code wallet}: the session's cookie and its CSRF token. */
    Session open(TestMerchant merchant, String mode, String wallet) {
        var url = portalUrl(merchant, mode, wallet);
        var cookie = http.get()
                .uri(URI.create(url).getPath())
                .exchange()
                .returnResult(String.class)
                .getResponseCookies()
                .getFirst(PortalCookie.NAME);
        assertThat(cookie).isNotNull();
        return session(cookie.getValue());
    }

    Session session(String token) {
        var home = http.get()
                .uri("/portal")
                .cookie(PortalCookie.NAME, token)
                .exchange()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        var matcher = CSRF.matcher(home == null ? "" : home);
        assertThat(matcher.find()).as(home).isTrue();
        return new Session(token, matcher.group(1));
    }

    /** An answer of a portal route: status, text and where it sends the browser. */
    record Answer(int status, String text, @Nullable String location) {}

    Answer page(Session session, String path) {
        var result = http.get()
                .uri(path)
                .cookie(PortalCookie.NAME, session.token())
                .exchange()
                .expectBody(String.class)
                .returnResult();
        var location = result.getResponseHeaders().getLocation();
        return new Answer(
                result.getStatus().value(),
                result.getResponseBody() == null ? "" : result.getResponseBody(),
                location == null ? null : location.toString());
    }

    /** Posts the portal's form to {@code path} with {@code csrf} (none when null). */
    Answer form(Session session, String path, @Nullable String csrf) {
        var fields = new LinkedMultiValueMap<String, String>();
        if (csrf != null) {
            fields.add("csrf", csrf);
        }
        var result = http.post()
                .uri(path)
                .cookie(PortalCookie.NAME, session.token())
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(fields))
                .exchange()
                .expectBody(String.class)
                .returnResult();
        var location = result.getResponseHeaders().getLocation();
        return new Answer(
                result.getStatus().value(),
                result.getResponseBody() == null ? "" : result.getResponseBody(),
                location == null ? null : location.toString());
    }

    /** A month subscription of 9.99 for {@code wallet}; its id. */
    String subscribeFor(TestMerchant merchant, String mode, String wallet) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerWallet", wallet);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal("9.99"));
        body.put("interval", "month");
        var reply = post(merchant, mode, "/v1/subscriptions", body);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().path("subscription").path("id").asString();
    }

    private boolean cancelAtPeriodEnd(TestMerchant merchant, String subscriptionId) {
        return get(merchant, "test", "/v1/subscriptions/" + subscriptionId)
                .body()
                .path("cancelAtPeriodEnd")
                .asBoolean();
    }

    private static Map<String, Object> withWallet(Map<String, Object> body, String wallet) {
        var copy = new HashMap<String, Object>(body);
        copy.put("customerWallet", wallet);
        return copy;
    }
}
