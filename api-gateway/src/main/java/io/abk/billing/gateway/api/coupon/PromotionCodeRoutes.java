package io.abk.billing.gateway.api.coupon;

import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.CommandStamper;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.CouponReadModel;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.PromotionCodeReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.DeactivatePromotionCode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.ids.PromotionCodeIds;
import io.abk.billing.schemas.render.ApiJson;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/promotion_codes}: create (a {@code CreatePromotionCode} command to the id the code derives, 201
 * {@code {promotionCode}}; an unknown coupon is 400 {@code coupon_not_found}, a code that exists 409
 * {@code promotion_code_exists}, answered from the read model when it has the code, else by the aggregate), get and
 * list ({@code {promotionCodes, hasMore}}, by {@code code} in any case and by {@code couponId}), and deactivate
 * ({@code {promotionCode}}). Shapes in docs/api.md.
 */
@RestController
@RequestMapping("/v1/promotion_codes")
public class PromotionCodeRoutes {

    private final Commands commands;
    private final CommandStamper stamper;
    private final CouponReadModel coupons;
    private final PromotionCodeReadModel codes;
    private final LatestResources latest;

    public PromotionCodeRoutes(
            Commands commands,
            CommandStamper stamper,
            CouponReadModel coupons,
            PromotionCodeReadModel codes,
            LatestResources latest) {
        this.commands = commands;
        this.stamper = stamper;
        this.coupons = coupons;
        this.codes = codes;
        this.latest = latest;
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return commands.run(Aggregate.PROMOTION_CODE, caller, exchange, Wait.OUTCOME, identity -> {
                    var request = CreatePromotionCodeRequest.parse(RequestFields.of(body), stamper.now(caller));
                    var id = PromotionCodeIds.of(caller.merchantId(), ApiJson.mode(caller.mode()), request.code());
                    return coupons.find(caller, request.couponId())
                            .switchIfEmpty(Mono.error(() -> Redemptions.couponNotFound("coupon", request.couponId())))
                            .flatMap(coupon -> codes.find(caller, id))
                            .<Target>flatMap(existing -> Mono.error(() -> exists(request.code())))
                            .switchIfEmpty(Mono.fromSupplier(() -> new Target(id, request.payload())));
                })
                .map(Settled::requireAccepted)
                .flatMap(settled ->
                        latest.promotionCode(caller, settled.outcome().aggregateId(), settled.newestFirst()))
                .map(code -> ResponseEntity.status(HttpStatus.CREATED).body(Map.of("promotionCode", code)));
    }

    @GetMapping("/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return codes.find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("promotion code", id))
                .map(code -> Map.of("promotionCode", code));
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            // The filters, then the page: a bad one is the answer's 400 before anything is read.
            var code = query.getFirst("code");
            if (code != null && !CreatePromotionCodeRequest.isCode(code)) {
                throw ApiException.invalid("code", "code must be 3 to 40 letters, digits, _ or -");
            }
            var couponId = query.getFirst("couponId");
            if (couponId != null && !Ids.isWellFormed(IdPrefix.COUPON, couponId)) {
                throw ApiException.invalid("couponId", "couponId must be a coupon id (coupon_...)");
            }
            var page = PageRequest.from(query, IdPrefix.PROMOTION_CODE);
            if (code == null) {
                return codes.list(caller, couponId, page).map(found -> found.body("promotionCodes"));
            }
            // A code is one id: its page holds it or nothing.
            return codes.ofCode(caller, code)
                    .filter(found -> couponId == null || couponId.equals(ResourceJson.text(found, "couponId")))
                    .filter(found -> page.startingAfter() == null)
                    .map(found -> new Page<>(List.of(found), false))
                    .defaultIfEmpty(new Page<>(List.of(), false))
                    .map(found -> found.body("promotionCodes"));
        });
    }

    /** Deactivates the code: customers can no longer enter it; discounts it gave stay. */
    @PostMapping("/{id}/deactivate")
    public Mono<Map<String, Object>> deactivate(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return commands.runOnExisting(
                        Aggregate.PROMOTION_CODE,
                        caller,
                        exchange,
                        Wait.OUTCOME,
                        () -> {
                            // No field is read, but a body that is not an object is refused, as on every route.
                            RequestFields.of(body);
                            return new DeactivatePromotionCode();
                        },
                        () -> codes.find(caller, id)
                                .switchIfEmpty(ApiException.notFoundError("promotion code", id))
                                .thenReturn(id))
                .flatMap(settled -> latest.promotionCode(caller, id, settled.newestFirst()))
                .map(code -> Map.of("promotionCode", code));
    }

    static ApiException exists(String code) {
        return new ApiException(
                409, ErrorCodes.PROMOTION_CODE_EXISTS, "This mode has the promotion code " + code + " already");
    }
}
