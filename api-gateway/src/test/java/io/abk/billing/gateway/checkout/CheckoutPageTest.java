package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The session fields and the page built from them: when the next payment is due, and every value escaped. */
class CheckoutPageTest {

    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static final String INVOICE = "{\"dueAt\":\"2026-01-31T10:00:00Z\"}";

    @Test
    void shouldTellTheNextPaymentFromTheStatus() {
        assertThat(next("incomplete", false)).isEqualTo("2026-01-31T10:00:00Z");
        assertThat(next("active", false)).isEqualTo("2026-02-28T10:00:00Z");
        assertThat(next("active", true)).as("ending at the period end").isNull();
        for (var status : new String[] {"past_due", "paused", "canceled"}) {
            assertThat(next(status, false)).as(status).isNull();
        }
        assertThat(CheckoutSession.nextPaymentAt(subscription("incomplete", false, "<x>"), null)).isNull();
    }

    @Test
    void shouldEscapeEveryValueWhenRenderingThePage() {
        var session = CheckoutSession.of(subscription("active", false, "0x<img src=x onerror=alert(1)>"), json(INVOICE), Mode.TEST,
                "Tom & Jerry's \"<Shop>\"", ChainsProperties.DEFAULTS);

        var page = CheckoutPage.render(session);

        assertThat(page).contains("Subscribe to Tom &amp; Jerry&#39;s &quot;&lt;Shop&gt;&quot;")
                .contains("0x&lt;img src=x onerror=alert(1)&gt;")
                .contains("9.5 USDC", "per month", "Active", "28 Feb 2026, 10:00 UTC", "Test mode")
                .doesNotContain("<img", "<Shop>", "<script");
        assertThat(Html.escape("a'b\"c<d>e&f")).isEqualTo("a&#39;b&quot;c&lt;d&gt;e&amp;f");
        assertThat(Html.escape(null)).isEmpty();
    }

    @Test
    void shouldRenderANotFoundPageThatNamesNothing() {
        assertThat(CheckoutPage.notFound()).contains("<title>Subscription not found</title>").doesNotContain("sub_");
    }

    private static String next(String status, boolean cancelAtPeriodEnd) {
        return CheckoutSession.nextPaymentAt(subscription(status, cancelAtPeriodEnd, "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"),
                json(INVOICE));
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
