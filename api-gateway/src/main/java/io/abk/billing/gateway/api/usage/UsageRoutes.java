package io.abk.billing.gateway.api.usage;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /v1/subscriptions/{id}/usage}: the subscription's usage in its open period, priced
 * ({@link SubscriptionUsageService}). Another merchant's or mode's subscription is 404.
 */
@RestController
public class UsageRoutes {

    private final SubscriptionReadModel subscriptions;
    private final SubscriptionUsageService usage;

    public UsageRoutes(SubscriptionReadModel subscriptions, SubscriptionUsageService usage) {
        this.subscriptions = subscriptions;
        this.usage = usage;
    }

    @GetMapping("/v1/subscriptions/{id}/usage")
    public Mono<Map<String, @Nullable Object>> usage(Caller caller, @PathVariable String id) {
        return subscriptions
                .find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .flatMap(subscription -> usage.of(caller, id, subscription));
    }
}
