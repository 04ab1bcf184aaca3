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
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.CouponReadModel;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.schemas.avro.DisableCoupon;
import io.abk.billing.schemas.ids.IdPrefix;
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
 * {@code /v1/coupons}: create (a {@code CreateCoupon} command to the id minted here, 201 {@code {coupon}}), get and
 * list from the read model ({@code {coupons, hasMore}}, newest first), and disable ({@code {coupon}}; disabling a
 * disabled coupon is fine). Redeeming one is a subscription's ({@link Redemptions}). Shapes in docs/api.md.
 */
@RestController
@RequestMapping("/v1/coupons")
public class CouponRoutes {

    private final Commands commands;
    private final CommandStamper stamper;
    private final CouponReadModel coupons;
    private final LatestResources latest;

    public CouponRoutes(Commands commands, CommandStamper stamper, CouponReadModel coupons, LatestResources latest) {
        this.commands = commands;
        this.stamper = stamper;
        this.coupons = coupons;
        this.latest = latest;
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return commands.run(Aggregate.COUPON, caller, exchange, Wait.OUTCOME, identity -> {
                    var request = CreateCouponRequest.parse(RequestFields.of(body), stamper.now(caller));
                    return Mono.just(new Target(identity.derivedId(IdPrefix.COUPON), request.payload()));
                })
                .map(Settled::requireAccepted)
                .flatMap(settled -> latest.coupon(caller, settled.outcome().aggregateId(), settled.newestFirst()))
                .map(coupon -> ResponseEntity.status(HttpStatus.CREATED).body(Map.of("coupon", coupon)));
    }

    @GetMapping("/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return coupons.find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("coupon", id))
                .map(coupon -> Map.of("coupon", coupon));
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() ->
                coupons.list(caller, PageRequest.from(query, IdPrefix.COUPON)).map(found -> found.body("coupons")));
    }

    /** Disables the coupon: no more redemptions; subscriptions that have its discount keep it. */
    @PostMapping("/{id}/disable")
    public Mono<Map<String, Object>> disable(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return commands.runOnExisting(
                        Aggregate.COUPON,
                        caller,
                        exchange,
                        Wait.OUTCOME,
                        () -> {
                            // No field is read, but a body that is not an object is refused, as on every route.
                            RequestFields.of(body);
                            return new DisableCoupon();
                        },
                        () -> coupons.find(caller, id)
                                .switchIfEmpty(ApiException.notFoundError("coupon", id))
                                .thenReturn(id))
                .flatMap(settled -> latest.coupon(caller, id, settled.newestFirst()))
                .map(coupon -> Map.of("coupon", coupon));
    }
}
