package io.abk.billing.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.platform.web.ApiErrorHandler;
import io.abk.billing.gateway.platform.web.ApiException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Load shedding of writes: past max-in-flight writes in progress, one more is refused at once and reaches no handler
 * (so it takes no Idempotency-Key row and produces no command); reads are never shed; a slot comes back however the
 * request ends.
 */
class AdmissionFilterTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AdmissionFilter filter = new AdmissionFilter(2, Duration.ofSeconds(1), registry);

    @Test
    void shouldRefuseAWriteAtOnceWhileMaxInFlightWritesAreInProgress() {
        var first = Sinks.<Void>empty();
        var second = Sinks.<Void>empty();
        var firstDone = filter.filter(write("/v1/subscriptions"), exchange -> first.asMono())
                .toFuture();
        var secondDone = filter.filter(write("/checkout/link/plink_1/open"), exchange -> second.asMono())
                .toFuture();
        assertThat(filter.inFlight()).isEqualTo(2);

        var reached = new AtomicInteger();
        var refusedExchange = write("/v1/payments");
        assertThatThrownBy(() -> filter.filter(refusedExchange, exchange -> Mono.fromRunnable(reached::incrementAndGet))
                        .block())
                .isInstanceOfSatisfying(ApiException.class, refused -> {
                    assertThat(refused.status()).isEqualTo(503);
                    assertThat(refused.code()).isEqualTo("service_unavailable");
                    assertThat(refused.retryAfter()).isEqualTo(Duration.ofSeconds(1));
                });
        assertThat(reached).hasValue(0);
        // Counted and logged by the filter, not once per request by the error handler.
        assertThat(refusedExchange.getAttributes()).containsKey(ApiErrorHandler.COUNTED_ELSEWHERE);
        assertThat(registry.get("billing.gateway.writes.shed").counter().count())
                .isEqualTo(1.0);

        // A read is never shed, even now.
        filter.filter(
                        request(HttpMethod.GET, "/v1/payments/pay_1"),
                        exchange -> Mono.fromRunnable(reached::incrementAndGet))
                .block();
        assertThat(reached).hasValue(1);

        // A slot comes back when a write ends, successfully or not.
        first.tryEmitEmpty();
        second.tryEmitError(new IllegalStateException("the handler failed"));
        assertThat(firstDone).isCompleted();
        assertThat(secondDone).isCompletedExceptionally();
        assertThat(filter.inFlight()).isZero();
        filter.filter(write("/v1/payments"), exchange -> Mono.fromRunnable(reached::incrementAndGet))
                .block();
        assertThat(reached).hasValue(2);
        assertThat(registry.get("billing.gateway.writes.in.flight").gauge().value())
                .isZero();
    }

    @Test
    void shouldGiveTheSlotBackWhenTheClientGoesAway() {
        var never = Sinks.<Void>empty();
        var subscription = filter.filter(write("/v1/subscriptions"), exchange -> never.asMono())
                .subscribe();
        assertThat(filter.inFlight()).isEqualTo(1);

        subscription.dispose();

        assertThat(filter.inFlight()).isZero();
    }

    @ParameterizedTest(name = "{0} {1}: counted={2}")
    @CsvSource(delimiter = '|', textBlock = """
            POST   | /v1/subscriptions                  | true
            PATCH  | /v1/webhook_endpoints/we_1         | true
            DELETE | /v1/webhook_endpoints/we_1         | true
            POST   | /checkout/subscribe/sub_1/activate | true
            GET    | /v1/subscriptions                  | false
            GET    | /checkout/pay/pay_1                | false
            POST   | /admin/v1/merchants                | false
            """)
    void shouldCountOnlyWritesOfTheApiAndCheckout(String method, String path, boolean counted) {
        var never = Sinks.<Void>empty();
        var subscription = filter.filter(request(HttpMethod.valueOf(method), path), exchange -> never.asMono())
                .subscribe();

        assertThat(filter.inFlight()).isEqualTo(counted ? 1 : 0);
        subscription.dispose();
    }

    private static MockServerWebExchange write(String path) {
        return request(HttpMethod.POST, path);
    }

    private static MockServerWebExchange request(HttpMethod method, String path) {
        return MockServerWebExchange.from(MockServerHttpRequest.method(method, path));
    }
}
