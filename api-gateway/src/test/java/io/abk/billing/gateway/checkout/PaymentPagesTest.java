package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The payment and link checkout JSON and pages built from API objects: what they show, and every value escaped. */
class PaymentPagesTest {

    private static final String EVIL = "<img src=x onerror=alert(1)>";

    @Test
    void shouldTellRemainingUsesAndOpenableFromTheLink() {
        assertThat(LinkStatus.of(link("active", 25, 3)).get("remainingUses")).isEqualTo(22);
        assertThat(LinkStatus.of(link("active", 25, 3)).get("openable")).isEqualTo(true);
        assertThat(LinkStatus.of(link("expired", 25, 25)).get("remainingUses")).isEqualTo(0);
        assertThat(LinkStatus.of(link("expired", 25, 25)).get("openable")).isEqualTo(false);
        assertThat(LinkStatus.of(link("disabled", null, 3)).get("remainingUses"))
                .isNull();
        assertThat(LinkStatus.of(link("disabled", null, 3)).get("openable")).isEqualTo(false);
    }

    @Test
    void shouldShowALiveChainAndNoSandboxForALivePayment() {
        var status = PayStatus.of(payment("open"), Mode.LIVE, "Shop", ChainsProperties.DEFAULTS);

        assertThat(status.get("network")).isEqualTo("Base");
        assertThat(status.get("chainId")).isEqualTo(8453L);
        assertThat(status.get("sandbox")).isEqualTo(false);
        assertThat(status.get("paidAt")).isNull();
    }

    @Test
    void shouldOfferTheExactTransferAsAnEip681UriAndQrCodeWhileThePaymentIsPayableOnAChain() {
        var chains = new ChainsProperties(
                null,
                new ChainsProperties.Chain(null, null, null, null, "http://127.0.0.1:8545", 18, null, null, null));
        var open = PayStatus.of(payment("open"), Mode.LIVE, "Shop", chains);
        var paid = PayStatus.of(payment("paid"), Mode.LIVE, "Shop", chains);
        var usdc = ChainsProperties.BASE.usdcAddress();

        // 9.90 USDC in a token of 18 decimals: exact, never through a double.
        var uri = "ethereum:" + usdc + "@8453/transfer?address=0x1111111111111111111111111111111111111111"
                + "&uint256=9900000000000000000";
        assertThat(open.get("eip681Uri")).isEqualTo(uri);
        assertThat(open.get("signatureSupported")).isEqualTo(true);
        assertThat(paid.get("eip681Uri")).isNull();
        assertThat(paid.get("signatureSupported")).isEqualTo(false);
        assertThat(PayPage.render(payment("open"), open))
                .contains("data-qr", "<a data-eip681 href=\"" + uri.replace("&", "&amp;") + "\">");
        assertThat(PayPage.render(payment("paid"), paid)).doesNotContain("data-qr", "data-eip681");
        assertThat(PayStatus.of(payment("open"), Mode.TEST, "Shop", chains).get("eip681Uri"))
                .as("the sandbox has no chain to scan for")
                .isNull();
    }

    @Test
    void shouldEscapeEveryValueOfThePaymentPage() {
        var payment = payment("open");
        var page =
                PayPage.render(payment, PayStatus.of(payment, Mode.TEST, "Tom & \"Jerry\"", ChainsProperties.DEFAULTS));

        assertThat(page)
                .contains(
                        "Pay Tom &amp; &quot;Jerry&quot;",
                        "&lt;img src=x onerror=alert(1)&gt;",
                        "9.9 USDC",
                        "Awaiting payment",
                        "Pay before",
                        "href=\"https://shop.example.test/cart?a=1&amp;b=&quot;2&quot;\"")
                .doesNotContain("<img", "\"Jerry\"");
    }

    @Test
    void shouldOfferTheFormOnlyForAnOpenableLinkAndSayWhyNotOtherwise() {
        var active = LinkPage.render(link("active", 25, 3), "Shop", true, null, null);
        var usedUp = LinkPage.render(link("expired", 25, 25), "Shop", false, null, null);
        var refused = LinkPage.render(
                link("active", 25, 3),
                "Shop",
                false,
                "email " + EVIL,
                ResourceJson.parse("{\"email\":\"" + "x\\\"><script>" + "\"}"));

        assertThat(active)
                .contains(
                        "<form method=\"post\" action=\"/checkout/link/plink_x/open\">",
                        "name=\"email\"",
                        "name=\"customerWallet\"",
                        "Payments left",
                        "22",
                        "&lt;img src=x onerror=alert(1)&gt;")
                .doesNotContain("name=\"name\"", "<img");
        assertThat(usedUp)
                .contains("Used up", "used as many times as it allows")
                .doesNotContain("<form");
        assertThat(PageScripts.withoutTheScript(refused))
                .contains("class=\"message error\"", "email &lt;img", "value=\"x&quot;&gt;&lt;script&gt;\"")
                .doesNotContain("<script", "<img");
    }

    private static JsonNode link(String status, Integer maxUses, int useCount) {
        return ResourceJson.parse("""
                {"id":"plink_x","status":"%s","amountUsdc":5,"description":"%s","useCount":%d,"maxUses":%s,"collectEmail":true,
                 "collectName":false,"expiresAt":"2099-01-01T00:00:00Z"}""".formatted(status, EVIL, useCount, maxUses));
    }

    private static JsonNode payment(String status) {
        return ResourceJson.parse("""
                {"id":"pay_x","status":"%s","amountUsdc":9.90,"customerWallet":null,"payoutAddressEvm":"0x1111111111111111111111111111111111111111",
                 "description":"%s","successUrl":"https://shop.example.test/ok","cancelUrl":"https://shop.example.test/cart?a=1&b=\\"2\\"",
                 "expiresAt":"2099-01-01T00:00:00Z","paidAt":null,"txHash":null}""".formatted(status, EVIL));
    }
}
