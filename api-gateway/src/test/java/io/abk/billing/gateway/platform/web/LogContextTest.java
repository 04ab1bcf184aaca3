package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A request's log fields reach the MDC where a line is logged, on whichever thread logs it, without Reactor's
 * automatic propagation (the gateway runs with Spring's {@code limited} mode, as these tests do).
 */
class LogContextTest {

    @BeforeAll
    static void register() {
        LogContext.register();
    }

    private static String mdc() {
        return Thread.currentThread().getName() + " " + MDC.get(LogContext.REQUEST_ID) + " "
                + MDC.get(LogContext.MERCHANT_ID) + " " + MDC.get(LogContext.MODE) + " "
                + MDC.get(LogContext.COMMAND_ID);
    }

    @Test
    void shouldPutEveryFieldIntoTheMdcOfAHandleStepOnAnotherThread() {
        var seen = Mono.just(1)
                .subscribeOn(Schedulers.boundedElastic())
                .<String>handle((one, sink) -> sink.next(mdc()))
                .contextWrite(LogContext.with(LogContext.COMMAND_ID, "cmd_1"))
                .contextWrite(LogContext.with(LogContext.MERCHANT_ID, "mer_1").and(LogContext.MODE, "test"))
                .contextWrite(LogContext.with(LogContext.REQUEST_ID, "req_1"))
                .block();

        assertThat(seen).startsWith("boundedElastic").endsWith(" req_1 mer_1 test cmd_1");
    }

    @Test
    void shouldNotTouchTheMdcOfOrdinarySteps() {
        var seen = Mono.fromCallable(LogContextTest::mdc)
                .subscribeOn(Schedulers.boundedElastic())
                .contextWrite(LogContext.with(LogContext.REQUEST_ID, "req_3"))
                .block();

        assertThat(seen).endsWith(" null null null null");
    }

    @Test
    void shouldLogAnErrorMappingWithTheFieldsOfItsChain() {
        var seen = new AtomicReference<String>();
        var mapped = Mono.error(new IllegalStateException("down"))
                .subscribeOn(Schedulers.boundedElastic())
                .onErrorResume(error -> LogContext.mapError(error, cause -> {
                    seen.set(mdc());
                    return new IllegalArgumentException(cause.getMessage());
                }))
                .contextWrite(LogContext.with(LogContext.REQUEST_ID, "req_4").and(LogContext.COMMAND_ID, "cmd_4"));

        assertThat(mapped.onErrorResume(error -> Mono.just(error.getClass().getSimpleName() + ":" + error.getMessage()))
                        .block())
                .isEqualTo("IllegalArgumentException:down");
        assertThat(seen.get()).endsWith(" req_4 null null cmd_4");
        assertThat(MDC.get(LogContext.REQUEST_ID)).isNull();
    }

    @Test
    void shouldKeepTheFieldsOnTheExchangeForTheErrorHandler() {
        var exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/v1/subscriptions"));
        LogContext.add(exchange, LogContext.with(LogContext.REQUEST_ID, "req_5"));
        LogContext.add(
                exchange, LogContext.with(LogContext.MERCHANT_ID, "mer_5").and(LogContext.MODE, "live"));

        MDC.put(LogContext.REQUEST_ID, "outer");
        try {
            assertThat(LogContext.of(exchange).computeInMdc(LogContextTest::mdc))
                    .endsWith(" req_5 mer_5 live null");
            assertThat(MDC.get(LogContext.REQUEST_ID)).isEqualTo("outer");
            assertThat(MDC.get(LogContext.MERCHANT_ID)).isNull();
        } finally {
            MDC.clear();
        }
    }

    @Test
    void shouldLeaveNothingBehindOnTheThreadWhenTheStepIsDone() {
        Mono.just(1)
                .handle((one, sink) -> sink.next(one))
                .contextWrite(LogContext.with(LogContext.REQUEST_ID, "req_2"))
                .block();

        assertThat(MDC.get(LogContext.REQUEST_ID)).isNull();
    }
}
