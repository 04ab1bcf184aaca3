package io.abk.billing.gateway.controlplane.clock;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.FilterOrder;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Loads the merchant's test clock (from the cache while fresh) before a test-mode {@code /v1} request is handled,
 * so the command stamper's synchronous {@link EffectiveClock#now(io.abk.billing.gateway.platform.web.Caller)} reads a
 * clock no older than the TTL. Live requests and requests without a caller pass straight through.
 */
@Order(FilterOrder.TEST_CLOCK)
public final class TestClockFilter implements WebFilter {

    private final EffectiveClock clock;

    public TestClockFilter(EffectiveClock clock) {
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (exchange.getAttribute(Caller.ATTRIBUTE) instanceof Caller caller && caller.isTest()) {
            return clock.testClock(caller.merchantId()).then(chain.filter(exchange));
        }
        return chain.filter(exchange);
    }
}
