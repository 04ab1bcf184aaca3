package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The dashboard's coupons as a viewer sees them: the list with what each takes off and its redemptions, and a coupon's
 * page with its promotion codes (its own, not another coupon's); a coupon created by an admin through
 * {@code /dashboard/api/v1}, which a viewer may not do.
 */
class CouponPagesIT extends DashboardIT {

    @Test
    void shouldListAndShowCouponsWithTheirPromotionCodesAndLeaveTheirCreationToAnAdmin() {
        var team = newTeam("Coupons Ltd");
        var created = api(
                team.owner(),
                HttpMethod.POST,
                "/v1/coupons",
                Map.of("name", "SPRING", "percentOff", 12.5, "duration", "repeating", "durationInMonths", 3));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var id = created.body().get("coupon").get("id").stringValue();
        var other = post(
                team.merchant(),
                "test",
                "/v1/coupons",
                "{\"name\":\"FLAT\",\"amountOffUsdc\":5,\"duration\":\"once\",\"maxRedemptions\":10}");
        var otherId = other.body().get("coupon").get("id").stringValue();
        var code = post(team.merchant(), "test", "/v1/promotion_codes", Map.of("couponId", id, "code", "SPRING26"));
        var codeId = code.body().get("promotionCode").get("id").stringValue();
        var viewer = team.viewer().token();

        var list = page("/dashboard/coupons", viewer);
        var detail = page("/dashboard/coupons/" + id, viewer);
        var othersDetail = page("/dashboard/coupons/" + otherId, viewer);
        var byViewer = api(team.viewer(), HttpMethod.POST, "/v1/coupons", Map.of("name", "X"));

        assertThat(list)
                .contains("data-page=\"coupons\"")
                .contains("data-id=\"" + id + "\"", "12.5% off", "3 months")
                .contains("data-id=\"" + otherId + "\"", "5.00 USDC off", "0 of 10")
                .contains("href=\"/dashboard/coupons\"");
        assertThat(detail)
                .contains("data-page=\"coupon\"", "SPRING")
                .contains("data-id=\"" + codeId + "\"", "SPRING26");
        assertThat(othersDetail).doesNotContain("data-id=\"" + codeId + "\"").contains("data-empty");
        assertThat(byViewer.status()).isEqualTo(403);
        assertThat(answer(
                                "/dashboard/coupons/" + id,
                                newTeam("Elsewhere").owner().token())
                        .status())
                .isEqualTo(404);
    }
}
