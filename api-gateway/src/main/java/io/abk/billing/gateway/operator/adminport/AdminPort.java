package io.abk.billing.gateway.operator.adminport;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The listener of the operator API: a second HTTP server on its own port, in front of the same application (the
 * gateway's whole handler, filters and error answers included), so the operator API needs no route of its own;
 * {@link AdminPortFilter} keeps each port to its part. It opens before the API port and closes after it.
 */
public final class AdminPort implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AdminPort.class);
    /** An operator's request in flight at shutdown: a few seconds to finish, as the API port's graceful stop gives. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final int requestedPort;
    private final ObjectProvider<HttpHandler> handler;
    private volatile @Nullable DisposableServer server;

    AdminPort(int requestedPort, ObjectProvider<HttpHandler> handler) {
        this.requestedPort = requestedPort;
        this.handler = handler;
    }

    @Override
    public synchronized void start() {
        var started = HttpServer.create()
                .port(requestedPort)
                .handle(new ReactorHttpHandlerAdapter(handler.getObject()))
                .bindNow();
        server = started;
        log.info("event=admin_port_started port={} paths=/admin/v1", started.port());
    }

    @Override
    public synchronized void stop() {
        var running = server;
        if (running != null) {
            running.disposeNow(STOP_TIMEOUT);
            server = null;
        }
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }

    /** Below the API port's web server: this one starts first and stops last. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 2;
    }

    /** The port it listens on (the one picked when asked for 0); -1 before it started. */
    public int port() {
        var running = server;
        return running == null ? -1 : running.port();
    }
}
