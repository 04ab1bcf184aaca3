package io.abk.billing.opskit;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring service started by {@link SpringLaunch#run} in this JVM, by its own {@code main} or by a host (the local
 * stack, the tests); closing it closes its context, which stops its servers, listeners and clients. Each service's
 * {@code Running} adds what its host asks of it (its port, the parts that have stopped).
 */
public abstract class RunningService implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    protected RunningService(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** The Spring context, for tests and for the local stack's health checks. */
    public ConfigurableApplicationContext context() {
        return context;
    }

    @Override
    public void close() {
        context.close();
    }
}
