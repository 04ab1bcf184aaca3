package io.abk.billing.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** A request's log fields reach the MDC of whichever thread runs its next step (what the gateway turns on at start). */
class LogContextTest {

    @BeforeAll
    static void propagate() {
        LogContext.register();
        Hooks.enableAutomaticContextPropagation();
    }

    @AfterAll
    static void stopPropagating() {
        Hooks.disableAutomaticContextPropagation();
    }

    @Test
    void shouldPutEveryFieldIntoTheMdcOfAnotherThreadWhenWrittenIntoTheContext() {
        var seen = Mono.fromCallable(() -> Thread.currentThread().getName() + " " + MDC.get(LogContext.REQUEST_ID) + " "
                        + MDC.get(LogContext.MERCHANT_ID) + " " + MDC.get(LogContext.MODE) + " " + MDC.get(LogContext.COMMAND_ID))
                .subscribeOn(Schedulers.boundedElastic())
                .contextWrite(LogContext.with(LogContext.COMMAND_ID, "cmd_1"))
                .contextWrite(LogContext.with(LogContext.MERCHANT_ID, "mer_1").and(LogContext.MODE, "test"))
                .contextWrite(LogContext.with(LogContext.REQUEST_ID, "req_1"))
                .block();

        assertThat(seen).startsWith("boundedElastic").endsWith(" req_1 mer_1 test cmd_1");
    }

    @Test
    void shouldLeaveNothingBehindOnTheThreadWhenTheStepIsDone() {
        Mono.fromRunnable(() -> { }).contextWrite(LogContext.with(LogContext.REQUEST_ID, "req_2")).block();

        assertThat(MDC.get(LogContext.REQUEST_ID)).isNull();
    }
}
