package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.CouponReadModel;
import io.abk.billing.gateway.readmodel.PromotionCodeReadModel;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /dashboard/coupons}: the coupons, newest first, a page at a time, each with what it takes off and how often it
 * was redeemed; and a coupon's page, with its promotion codes. Read-only: coupons and codes are made through the API
 * (or {@code /dashboard/api/v1} by an admin).
 */
@RestController
public class CouponPageRoutes {

    private static final String LIST = "/dashboard/coupons";

    private final DashboardRenderer renderer;
    private final CouponReadModel coupons;
    private final PromotionCodeReadModel codes;

    public CouponPageRoutes(DashboardRenderer renderer, CouponReadModel coupons, PromotionCodeReadModel codes) {
        this.renderer = renderer;
        this.coupons = coupons;
        this.codes = codes;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var filled = ListPage.filled(query);
            var page = ListPage.page(filled, IdPrefix.COUPON);
            return coupons.list(session.caller(), page).flatMap(found -> {
                var model = ListPage.model(
                        session,
                        LIST,
                        new LinkedHashMap<String, @Nullable String>(),
                        page,
                        found,
                        CouponPageRoutes::row);
                return renderer.page(session, "Coupons", "coupons", DashboardPages.COUPONS, model);
            });
        }));
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return DashboardRenderer.orRefusal(coupons.find(session.caller(), id)
                .switchIfEmpty(ApiException.notFoundError("coupon", id))
                .flatMap(coupon -> codes.list(session.caller(), id, new PageRequest(PageRequest.MAX_LIMIT, null))
                        .flatMap(found -> {
                            var model = new LinkedHashMap<String, Object>();
                            model.put("id", id);
                            model.put("name", Shown.text(coupon, "name"));
                            model.put("fields", fields(coupon));
                            model.put(
                                    "codes",
                                    found.items().stream()
                                            .map(CouponPageRoutes::codeRow)
                                            .toList());
                            model.put("moreCodes", found.hasMore());
                            return renderer.page(session, "Coupon " + id, "coupons", DashboardPages.COUPON, model);
                        })));
    }

    /** What the coupon takes off: {@code 12.5% off} or {@code 5.00 USDC off}. */
    static String off(JsonNode coupon) {
        var percent = coupon.path("percentOff");
        if (percent.isNumber()) {
            return percent.decimalValue().stripTrailingZeros().toPlainString() + "% off";
        }
        return Shown.usdc(coupon, "amountOffUsdc") + " off";
    }

    /** How long: {@code once}, {@code 3 months} or {@code forever}. */
    static String duration(JsonNode coupon) {
        var months = coupon.path("durationInMonths");
        return months.isNumber()
                ? months.asInt() + (months.asInt() == 1 ? " month" : " months")
                : Shown.text(coupon, "duration");
    }

    /** Redemptions so far, of how many: {@code 2 of 10}, or {@code 2}. */
    static String redeemed(JsonNode resource) {
        var max = resource.path("maxRedemptions");
        var times = resource.path("timesRedeemed").asInt();
        return max.isNumber() ? times + " of " + max.asInt() : String.valueOf(times);
    }

    private static List<Map<String, Object>> fields(JsonNode c) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Takes off", off(c), false));
        fields.add(Rows.field("Duration", duration(c), false));
        fields.add(Rows.field("Redeemed", redeemed(c), false));
        fields.add(Rows.field("Redeem by", Shown.time(c, "redeemBy"), false));
        fields.add(Rows.field("Valid", c.path("valid").asBoolean() ? "Yes" : "No", false));
        var metadata = new ArrayList<String>();
        c.path("metadata")
                .properties()
                .forEach(entry ->
                        metadata.add(entry.getKey() + ": " + entry.getValue().asString()));
        fields.add(Rows.field("Metadata", metadata.isEmpty() ? Shown.NONE : String.join(", ", metadata), false));
        fields.add(Rows.field("Created", Shown.time(c, "createdAt"), false));
        fields.add(Rows.field("Disabled", Shown.time(c, "disabledAt"), false));
        return fields;
    }

    private static Map<String, Object> row(JsonNode c) {
        var row = new LinkedHashMap<String, Object>();
        row.put("id", c.path("id").asString());
        row.put("name", Shown.text(c, "name"));
        row.put("off", off(c));
        row.put("duration", duration(c));
        row.put("redeemed", redeemed(c));
        var valid = c.path("valid").asBoolean();
        row.put("state", valid ? "valid" : "invalid");
        row.put("tone", valid ? "good" : "");
        row.put("created", Shown.time(c, "createdAt"));
        return row;
    }

    private static Map<String, Object> codeRow(JsonNode p) {
        var row = new LinkedHashMap<String, Object>();
        row.put("id", p.path("id").asString());
        row.put("code", Shown.text(p, "code"));
        var active = p.path("active").asBoolean();
        row.put("state", active ? "active" : "inactive");
        row.put("tone", active ? "good" : "");
        row.put("redeemed", redeemed(p));
        row.put("expires", Shown.time(p, "expiresAt"));
        row.put("created", Shown.time(p, "createdAt"));
        return row;
    }
}
