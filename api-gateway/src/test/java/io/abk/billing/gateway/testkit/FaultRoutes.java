package io.abk.billing.gateway.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * Test-only routes under {@code /test-only/faults} that fail the way a bug would: an exception or an {@code Error}
 * thrown inside the reactive chain, on the event loop or on another thread, or a chain that never completes. Imported
 * by {@link GatewayIT} only; the production gateway has no such routes.
 */
public class FaultRoutes {

    public static final String BASE = "/test-only/faults/";

    @Bean
    RouterFunction<ServerResponse> faultRoutes() {
        return RouterFunctions.route()
                .GET(
                        BASE + "runtime-exception",
                        request -> later().<ServerResponse>map(tick -> fail(new IllegalStateException("injected bug"))))
                .GET(
                        BASE + "assertion-error",
                        request -> later().<ServerResponse>map(tick -> fail(new AssertionError("injected assertion"))))
                // A JVM-fatal Error to Reactor (a VirtualMachineError): thrown up the stack instead of signalled.
                .GET(
                        BASE + "stack-overflow",
                        request -> later().<ServerResponse>map(tick -> fail(new StackOverflowError("injected"))))
                .GET(
                        BASE + "stack-overflow-on-event-loop",
                        request -> Mono.just(1).<ServerResponse>map(tick -> fail(new StackOverflowError("injected"))))
                // A LinkageError, JVM-fatal too: what a class whose static initialiser failed throws on every use.
                .GET(
                        BASE + "linkage-error",
                        request ->
                                later().<ServerResponse>map(tick -> fail(new ExceptionInInitializerError("injected"))))
                // Mono.flatMap's mapper is one of the places Reactor throws a fatal Error without asking the strategy.
                .GET(
                        BASE + "linkage-error-in-mono-flat-map",
                        request -> later().<ServerResponse>flatMap(
                                        tick -> fail(new ExceptionInInitializerError("injected"))))
                // Thrown where Reactor offers no hook to signal it: only the request deadline can answer.
                .GET(
                        BASE + "stack-overflow-in-callable",
                        request -> later().flatMap(tick ->
                                Mono.<ServerResponse>fromCallable(() -> fail(new StackOverflowError("injected")))))
                .GET(BASE + "never", request -> Mono.<ServerResponse>never())
                // A read answered half a second after it was dispatched.
                .GET(
                        BASE + "slow",
                        request -> Mono.delay(Duration.ofMillis(500))
                                .then(ServerResponse.ok().bodyValue("{}")))
                // A write whose chain ends without an answer (an empty Mono where a response was due).
                .POST(BASE + "no-answer", request -> later().then(Mono.<ServerResponse>empty()))
                // A write that fails on a backend connection the peer reset: the gateway's client is still there.
                .POST(
                        BASE + "backend-connection-reset",
                        request -> later().then(Mono.<ServerResponse>error(new UncheckedIOException(
                                "cannot read the row", new IOException("Connection reset by peer")))))
                .build();
    }

    /** A tick on another thread (Reactor's parallel scheduler), as most of the gateway's work arrives. */
    private static Mono<Long> later() {
        return Mono.delay(Duration.ofMillis(1));
    }

    private static <T> T fail(Throwable error) {
        if (error instanceof Error e) {
            throw e;
        }
        throw (RuntimeException) error;
    }
}
