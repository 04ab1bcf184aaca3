package io.abk.billing.opskit.web;

import java.time.Duration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * Event loops of its own for a WebFlux service run inside another JVM (the local stack, the tests). Spring Boot's
 * default {@link ReactorResourceFactory} runs the web server on Reactor Netty's JVM-wide loops and disposes them when
 * its context closes, which stops every other in-process server of the JVM with it: the local stack runs a gateway
 * and a USDT verifier in one JVM, and the system tests close one stack while others serve. A factory that does not use
 * the global resources creates loops for its context alone and disposes only those.
 */
public final class EmbeddedEventLoops {

    /** The bean name Spring Boot gives its own factory, which it then leaves out. */
    static final String BEAN_NAME = "reactorResourceFactory";

    private EmbeddedEventLoops() {}

    /** Registers the context's own {@link ReactorResourceFactory}, stopped at once when the context closes. */
    public static ApplicationContextInitializer<ConfigurableApplicationContext> initializer() {
        return context -> ((GenericApplicationContext) context)
                .registerBean(BEAN_NAME, ReactorResourceFactory.class, () -> {
                    var factory = new ReactorResourceFactory();
                    factory.setUseGlobalResources(false);
                    // Nothing follows a local stop: no quiet period to wait for before the loops end.
                    factory.setShutdownQuietPeriod(Duration.ZERO);
                    return factory;
                });
    }
}
