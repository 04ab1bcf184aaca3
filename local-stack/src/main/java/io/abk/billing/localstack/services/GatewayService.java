package io.abk.billing.localstack.services;

import io.abk.billing.gateway.GatewayApplication;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The api-gateway, run in-process as a Spring Boot application with the stack's settings as command-line
 * arguments (they outrank its {@code application.yml}). Its shutdown hook is off: the stack closes it first,
 * before the streams app, the broker and the database it depends on.
 */
public final class GatewayService implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private GatewayService(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts the gateway with {@code --key=value} arguments; returns once its web server listens. */
    public static GatewayService start(List<String> args) {
        var context = new SpringApplicationBuilder(GatewayApplication.class)
                .registerShutdownHook(false)
                .run(args.toArray(String[]::new));
        return new GatewayService(context);
    }

    /** The port the gateway's web server listens on. */
    public int port() {
        if (context instanceof WebServerApplicationContext web && web.getWebServer() != null) {
            return web.getWebServer().getPort();
        }
        throw new IllegalStateException("the gateway started without a web server");
    }

    @Override
    public void close() {
        context.close();
    }
}
