package io.abk.billing.localstack.services;

import io.abk.billing.gateway.GatewayApplication;
import io.abk.billing.opskit.web.EmbeddedEventLoops;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The api-gateway, run in-process as a Spring Boot application with the stack's settings as command-line
 * arguments (they outrank its {@code application.yml}). Its shutdown hook is off: the stack closes it first,
 * before the streams app, the broker and the database it depends on. Its web server runs on event loops of its own
 * ({@link EmbeddedEventLoops}), so closing it leaves every other in-process server of the JVM serving.
 */
public final class GatewayService implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private GatewayService(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /**
     * Starts the gateway with {@code settings} as arguments and {@code webhookSender} and {@code streamsApps} among
     * its health components (the sender and the Streams apps that run in this JVM have no management port of their
     * own); returns once its web server listens.
     */
    public static GatewayService start(
            GatewayArgs settings, WebhookSenderHealth webhookSender, StreamsAppsHealth streamsApps) {
        configureJvm();
        try {
            var context = new SpringApplicationBuilder(GatewayApplication.class)
                    // Named explicitly: Spring Boot would otherwise report the launcher's main class as the app.
                    .main(GatewayApplication.class)
                    .registerShutdownHook(false)
                    .initializers(EmbeddedEventLoops.initializer(), app -> {
                        app.getBeanFactory().registerSingleton(WebhookSenderHealth.BEAN_NAME, webhookSender);
                        app.getBeanFactory().registerSingleton(StreamsAppsHealth.BEAN_NAME, streamsApps);
                    })
                    .run(settings.toArgs().toArray(String[]::new));
            return new GatewayService(context);
        } catch (RuntimeException e) {
            // Spring wraps the cause in layers of "failed to start bean"; the innermost message says what is wrong.
            throw new IllegalStateException(
                    "api-gateway did not start on port " + settings.httpPort() + ": " + rootMessage(e), e);
        }
    }

    /**
     * The JVM-wide settings of the in-process Spring applications, made before the first of them starts (the stack
     * may start several at once).
     */
    public static void configureJvm() {
        // Logging is configured once, by local-stack's logback.xml, before the broker starts. Spring Boot would
        // reset logback while the broker's threads are logging (and drop their lines); "none" keeps it as is.
        setIfAbsent(LoggingSystem.SYSTEM_PROPERTY, LoggingSystem.NONE);
        // Reactor Netty waits 2 s of quiet on its event loops before they stop; nothing follows a local stop.
        setIfAbsent("reactor.netty.ioShutdownQuietPeriod", "0");
    }

    private static String rootMessage(Throwable error) {
        var root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.toString();
    }

    private static synchronized void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
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
