package io.abk.billing.gateway.platform.web;

import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Hooks;

/**
 * Logs the errors Reactor drops (signalled after their sequence had ended, with nobody left to receive them). The
 * usual one is a client that reset its connection while the gateway still read from it: Reactor Netty's read fails
 * after the request was cancelled, and Reactor's default logged it as an ERROR with a stack. That is a client abort,
 * one INFO line. A refusal the gateway decided after the client had gone (an {@link ApiException}: a bad key, a bad
 * body) is an answer nobody was left to receive, one INFO line too. Anything else dropped is still an ERROR with its
 * stack, as before.
 */
@Configuration(proxyBeanMethods = false)
public class DroppedErrorsConfiguration implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(DroppedErrorsConfiguration.class);

    /** The gateway contexts of this JVM that have not closed: the hook is JVM-wide, and stays while one runs. */
    private static final AtomicInteger OPEN = new AtomicInteger();

    public DroppedErrorsConfiguration() {
        // Reactor's hooks add up: one hook for the JVM however many gateway contexts it starts (tests start several).
        OPEN.incrementAndGet();
        Hooks.resetOnErrorDropped();
        Hooks.onErrorDropped(DroppedErrorsConfiguration::log);
    }

    static void log(Throwable error) {
        if (ClientAborts.isClientAbort(error)) {
            // No request is known here any more: the request it belonged to was cancelled when the connection went.
            log.info("client aborted reason=\"{}\"", ClientAborts.reason(error));
        } else if (error instanceof ApiException refusal) {
            log.info(
                    "client aborted before its answer status={} code={} reason=\"{}\"",
                    refusal.status(),
                    refusal.code(),
                    refusal.getMessage());
        } else {
            log.error("an error was dropped after its request ended", error);
        }
    }

    @Override
    public void destroy() {
        if (OPEN.decrementAndGet() == 0) {
            Hooks.resetOnErrorDropped();
        }
    }
}
