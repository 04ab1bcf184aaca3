package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.platform.web.Html;
import io.abk.billing.schemas.avro.Mode;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The session fields and the page built from them: when the next payment is due, and every value escaped. */
class CheckoutPageTest {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final String INVOICE = "{\"dueAt\":\"2026-01-31T10:00:00Z\"}";

    @Test
    void shouldTellTheNextPaymentFromTheStatus() {
        assertThat(next("incomplete", false)).isEqualTo("2026-01-31T10:00:00Z");
        assertThat(next("active", false)).isEqualTo("2026-02-28T10:00:00Z");
        assertThat(next("active", true)).as("ending at the period end").isNull();
        for (var status : new String[] {"past_due", "paused", "canceled"}) {
            assertThat(next(status, false)).as(status).isNull();
        }
        assertThat(CheckoutSession.nextPaymentAt(subscription("incomplete", false, "<x>"), null))
                .isNull();
    }

    @Test
    void shouldEscapeEveryValueWhenRenderingThePage() {
        var session = CheckoutSession.of(
                subscription("active", false, "0x<img src=x onerror=alert(1)>"),
                json(INVOICE),
                Mode.TEST,
                "Tom & Jerry's \"<Shop>\"",
                ChainsProperties.DEFAULTS);

        var page = CheckoutPage.render(session);

        assertThat(PageScripts.withoutTheScript(page))
                .contains("Subscribe to Tom &amp; Jerry&#39;s &quot;&lt;Shop&gt;&quot;")
                .contains("0x&lt;img src=x onerror=alert(1)&gt;")
                .contains("9.5 USDC", "per month", "Active", "28 Feb 2026, 10:00 UTC", "Test mode")
                .doesNotContain("<img", "<Shop>", "<script");
        assertThat(Html.escape("a'b\"c<d>e&f")).isEqualTo("a&#39;b&quot;c&lt;d&gt;e&amp;f");
        assertThat(Html.escape(null)).isEmpty();
    }

    @Test
    void shouldRunOnlyItsOwnScriptAndStyleWhenTheBrowserEnforcesThePolicy() {
        var page = CheckoutPage.render(CheckoutSession.of(
                subscription("incomplete", false, "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"),
                json(INVOICE),
                Mode.TEST,
                "Shop",
                ChainsProperties.DEFAULTS));

        // one external script, no inline script, no event-handler attribute
        var rest = PageScripts.withoutTheScript(page);
        assertThat(rest).doesNotContain("<script").doesNotContainPattern("\\son[a-z]+\\s*=");
        // the style sheet is the one the policy names by its hash
        var style = page.substring(page.indexOf("<style>") + "<style>".length(), page.indexOf("</style>"));
        assertThat(PageFrame.CONTENT_SECURITY_POLICY)
                .contains(
                        "style-src '" + Html.sha256Source(style) + "'",
                        "script-src 'self'",
                        "connect-src 'self'",
                        "frame-ancestors 'none'")
                .doesNotContain("unsafe");
        // the root of state is <main>, the first element with data-state, and every action button is named
        assertThat(page.indexOf("data-state=", page.indexOf("<body>")))
                .isEqualTo(page.indexOf("<main data-state=\"ready\"") + "<main ".length());
        assertThat(page)
                .contains(
                        "data-page=\"subscribe\"",
                        "data-json=\"/checkout/subscribe/sub_a.json\"",
                        "data-post=\"/checkout/subscribe/sub_a/activate\"",
                        "<button type=\"button\" data-action=\"simulate\" hidden>Simulate payment",
                        "<button type=\"button\" data-action=\"connect\" hidden>Connect wallet</button>",
                        "data-message role=\"status\"");
    }

    @Test
    void shouldNameTheMerchantOnceWithoutALogoAndShowTheLogoAboveTheHeadingWithOne() {
        // Protects against the header and the heading both naming the merchant on an unbranded page.
        var session = CheckoutSession.of(
                subscription("incomplete", false, "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"),
                json(INVOICE),
                Mode.TEST,
                "Quietly Named Shop",
                ChainsProperties.DEFAULTS);

        var unbranded = PageScripts.withoutTheScript(
                CheckoutPage.render(session, new CheckoutBrand("Quietly Named Shop", null, null)));
        var withLogo = PageScripts.withoutTheScript(CheckoutPage.render(
                session, new CheckoutBrand("Quietly Named Shop", "#1a2b3c", "/checkout/brand/mer_a/logo?v=1")));

        var body = unbranded.substring(unbranded.indexOf("<body>"));
        assertThat(body.split("Quietly Named Shop", -1)).as(body).hasSize(2);
        assertThat(unbranded)
                .contains("<h1>Subscribe to Quietly Named Shop</h1>")
                .doesNotContain("<header");
        assertThat(withLogo)
                .contains("<header class=\"brand\"><img class=\"logo\" src=\"/checkout/brand/mer_a/logo?v=1\"")
                .contains("<h1>Subscribe to Quietly Named Shop</h1>");
    }

    @Test
    void shouldStartInTheStateTheSubscriptionIsIn() {
        assertThat(CheckoutPage.firstState("incomplete", true, false, false)).isEqualTo("ready");
        assertThat(CheckoutPage.firstState("incomplete", false, true, true)).isEqualTo("ready");
        assertThat(CheckoutPage.firstState("incomplete", false, false, true))
                .as("signed, awaiting activation")
                .isEqualTo("confirming");
        assertThat(CheckoutPage.firstState("incomplete", false, false, false))
                .as("no vault on this chain")
                .isEqualTo("unavailable");
        assertThat(CheckoutPage.firstState("active", false, false, true)).isEqualTo("active");
        for (var status : new String[] {"past_due", "paused", "canceled"}) {
            assertThat(CheckoutPage.firstState(status, false, false, true))
                    .as(status)
                    .isEqualTo("unavailable");
        }
        assertThat(PayPage.firstState("open", true)).isEqualTo("ready");
        assertThat(PayPage.firstState("open", false))
                .as("no chain and no sandbox")
                .isEqualTo("unavailable");
        assertThat(PayPage.firstState("expired", true))
                .as("still payable, late")
                .isEqualTo("expired");
        assertThat(PayPage.firstState("paid", true)).isEqualTo("paid");
        assertThat(PayPage.firstState("canceled", true)).isEqualTo("unavailable");
    }

    @Test
    void shouldRenderANotFoundPageThatNamesNothing() {
        assertThat(CheckoutPage.notFound())
                .contains("<title>Subscription not found</title>")
                .doesNotContain("sub_");
    }

    private static String next(String status, boolean cancelAtPeriodEnd) {
        return CheckoutSession.nextPaymentAt(
                subscription(status, cancelAtPeriodEnd, "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"), json(INVOICE));
    }

    private static JsonNode subscription(String status, boolean cancelAtPeriodEnd, String wallet) {
        return json("""
                {"id":"sub_a","status":"%s","amountUsdc":9.50,"interval":"month","walletAddress":"%s",
                 "payoutAddressEvm":"0x1111111111111111111111111111111111111111","currentPeriodEnd":"2026-02-28T10:00:00Z",
                 "cancelAtPeriodEnd":%s,"successUrl":null,"cancelUrl":null}""".formatted(status, wallet, cancelAtPeriodEnd));
    }

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
