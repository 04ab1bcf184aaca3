package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.api.event.EventRows;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The dashboard's home page: the figures of the session's team and mode (volume today and over 30 days, MRR, active
 * and past-due subscriptions, failed charges and new subscriptions), exact to the micro-USDC and nobody else's, the
 * charts' series and table, the chart library served under the page's CSP, and the newest events.
 */
class HomePageIT extends DashboardIT {

    @Test
    void shouldShowTheExactFiguresOfTheTeamsTestModeAndNoneOfAnotherTeamsOrOfLiveMode() {
        var merchant = newMerchant();
        var owner = member(merchant.id(), null);
        // the test clock pins "today" (a UTC day ahead of the wall clock, so no midnight falls inside the test)
        var today = LocalDate.now(ZoneOffset.UTC).plusDays(2);
        freeze(merchant, today.atTime(12, 0).toInstant(ZoneOffset.UTC));
        activeSubscription(merchant, "10.50");
        activeSubscription(merchant, "3.333333");
        activeYearSubscription(merchant, "test", "100");
        var unpaid = subscribe(merchant, "test", "7", Map.of());
        var failed = post(merchant, "test", "/v1/invoices/" + unpaid.invoiceId() + "/charge", null);
        assertThat(failed.body().get("invoice").get("failureCode").stringValue())
                .isEqualTo("MANDATE_INACTIVE");
        var payment = createPayment(merchant, "test", "20").get("id").stringValue();
        var paid = checkout(HttpMethod.POST, "/checkout/pay/" + payment + "/confirm", Map.of());
        assertThat(paid.status()).as(paid.text()).isEqualTo(200);
        // what must not count: the live mode's and another team's
        activeYearSubscription(merchant, "live", "999");
        activeSubscription(newMerchant(), "55");
        var event = EventRows.event(
                database(), merchant.id(), "test", "invoice.paid", Instant.now().minusSeconds(5));
        var liveEvent = EventRows.event(
                database(), merchant.id(), "live", "invoice.paid", Instant.now().minusSeconds(5));

        var home = page("/dashboard/home", owner.token());

        // 10.50 + 3.333333 + 100 (invoices) + 20 (the payment)
        assertThat(figure(home, "volume-today")).isEqualTo("133.833333 USDC");
        assertThat(figure(home, "volume")).isEqualTo("133.833333 USDC");
        // 10.50 + 3.333333 + 100 / 12 rounded down (8.333333)
        assertThat(figure(home, "mrr")).isEqualTo("22.166666 USDC");
        assertThat(figure(home, "active")).isEqualTo("3");
        assertThat(figure(home, "past-due")).isEqualTo("0");
        assertThat(figure(home, "failed")).isEqualTo("1");
        assertThat(figure(home, "new")).isEqualTo("4");
        assertThat(home)
                .contains("data-page=\"home\"")
                .contains(owner.email())
                .contains("<tr data-day=\"" + today + "\"><td>" + today
                        + "</td><td class=\"num\">133.833333 USDC</td><td class=\"num\">4</td>"
                        + "<td class=\"num\">1</td></tr>")
                .contains("<tr data-day=\"" + today.minusDays(29) + "\">")
                .as("30 days, today the last")
                .doesNotContain("<tr data-day=\"" + today.minusDays(30) + "\">")
                .contains("data-dates=\"" + today.minusDays(29) + " ")
                .contains(" 133.833333\" role=\"img\"")
                .contains("<tr data-id=\"" + event.id() + "\"><td class=\"mono\"><a href=\"/dashboard/events\">")
                .doesNotContain(liveEvent.id());
        var live = switchMode(owner, "live", "home");
        live.expectStatus().isSeeOther();
        var liveHome = page("/dashboard/home", owner.token());
        assertThat(figure(liveHome, "mrr")).as("999 a year is 83.25 a month").isEqualTo("83.25 USDC");
        assertThat(figure(liveHome, "volume")).isEqualTo("999.00 USDC");
        assertThat(figure(liveHome, "active")).isEqualTo("1");
        assertThat(liveHome).contains(liveEvent.id()).doesNotContain(event.id());
    }

    @Test
    void shouldCountAPaymentInTheWindowForThirtyUtcDaysTodayIncludedAndNotOnTheThirtyFirst() {
        var merchant = newMerchant();
        var owner = member(merchant.id(), null);
        var paidOn = LocalDate.now(ZoneOffset.UTC).plusDays(2);
        freeze(merchant, paidOn.atTime(23, 59, 59).toInstant(ZoneOffset.UTC));
        // a year subscription: no renewal falls due while the clock moves a month
        activeYearSubscription(merchant, "test", "60");

        freeze(merchant, paidOn.plusDays(29).atStartOfDay().toInstant(ZoneOffset.UTC));
        var lastDay = page("/dashboard/home", owner.token());
        freeze(merchant, paidOn.plusDays(30).atStartOfDay().toInstant(ZoneOffset.UTC));
        var dayAfter = page("/dashboard/home", owner.token());

        assertThat(figure(lastDay, "volume")).isEqualTo("60.00 USDC");
        assertThat(figure(lastDay, "volume-today")).isEqualTo("0.00 USDC");
        assertThat(figure(lastDay, "new")).isEqualTo("1");
        assertThat(lastDay)
                .contains("<tr data-day=\"" + paidOn + "\"><td>" + paidOn + "</td><td class=\"num\">60.00 USDC");
        assertThat(figure(dayAfter, "volume")).isEqualTo("0.00 USDC");
        assertThat(figure(dayAfter, "new")).isEqualTo("0");
        assertThat(figure(dayAfter, "mrr")).as("still active").isEqualTo("5.00 USDC");
        assertThat(dayAfter).doesNotContain("<tr data-day=\"" + paidOn + "\">");
    }

    @Test
    void shouldServeTheChartLibraryAndTheHomeScriptUnderTheDashboardsPolicy() {
        var owner = member(newMerchant().id(), null);

        var home = pageAnswer("/dashboard/home", owner.token());

        home.expectHeader()
                .valueMatches("Content-Security-Policy", ".*style-src 'self' 'sha256-.*script-src 'self';.*");
        var body = page("/dashboard/home", owner.token());
        for (var asset : new VersionedAssetCheck[] {
            new VersionedAssetCheck(DashboardPages.CHART_SCRIPT.src(), "text/javascript", "uPlot"),
            new VersionedAssetCheck(DashboardPages.CHART_STYLE.src(), "text/css", ".uplot"),
            new VersionedAssetCheck(DashboardPages.HOME_SCRIPT.src(), "text/javascript", "data-chart")
        }) {
            assertThat(body).contains("\"" + asset.src() + "\"");
            var served = pageAnswer(asset.src(), owner.token())
                    .expectStatus()
                    .isOk()
                    .expectHeader()
                    .valueMatches("Content-Type", asset.type() + ".*")
                    .expectBody(String.class)
                    .returnResult()
                    .getResponseBody();
            assertThat(served).contains(asset.contains());
        }
        assertThat(answer(DashboardPages.CHART_SCRIPT.src(), "no-session").status())
                .as("only for a signed-in member")
                .isEqualTo(303);
    }

    private record VersionedAssetCheck(String src, String type, String contains) {}

    /** The text of the home page's figure {@code name}. */
    private static String figure(String page, String name) {
        var start = page.indexOf("data-figure=\"" + name + "\">");
        assertThat(start).as(name).isNotNegative();
        var from = page.indexOf('>', start) + 1;
        return page.substring(from, page.indexOf('<', from));
    }

    private void freeze(TestMerchant merchant, Instant at) {
        var reply = post(merchant, "test", "/v1/test_clock", Map.of("frozenAt", at.toString()));
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    }

    /** A year subscription of {@code amountUsdc} in {@code mode}, activated: its first invoice paid. */
    private void activeYearSubscription(TestMerchant merchant, String mode, String amountUsdc) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerWallet", WALLET);
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        body.put("interval", "year");
        body.put("successUrl", "https://shop.example.test/thanks");
        body.put("cancelUrl", "https://shop.example.test/cart");
        var created = post(merchant, mode, "/v1/subscriptions", body);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var id = created.body().get("subscription").get("id").stringValue();
        var activated = post(merchant, mode, "/v1/subscriptions/" + id + "/activate", Map.of());
        assertThat(activated.status()).as(activated.text()).isEqualTo(200);
        assertThat(activated.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
    }
}
