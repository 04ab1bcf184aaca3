package io.abk.billing.opskit.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * Logging of a service run as its own process (its runnable jar or its container), found by logback through
 * {@code META-INF/services}: one line a record on standard output, at INFO, with the Kafka clients, Kafka Streams and
 * their libraries at WARN (their INFO lines repeat every configuration at each start). {@code BILLING_LOG_FORMAT} =
 * {@code ecs}, {@code logstash} or {@code gelf} writes one JSON object a line instead, with Spring Boot's structured
 * formats, the same as the Spring services write; {@code BILLING_SERVICE_NAME} names the service in them.
 *
 * <p>A {@code logback.xml} (or {@code logback-test.xml}, or {@code -Dlogback.configurationFile}) on the class path
 * wins: the local stack's single JVM and the tests keep their own configuration.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_LOW_PRIORITY)
public final class ServiceLogConfigurator extends ContextAwareBase implements Configurator {

    /** Chatty at INFO (their configuration at every start and rebalance), useful at WARN. */
    private static final Map<String, Level> QUIET = Map.of(
            "org.apache.kafka", Level.WARN,
            "kafka", Level.WARN,
            "org.flywaydb", Level.WARN,
            "com.zaxxer.hikari", Level.WARN,
            "org.web3j", Level.WARN,
            "okhttp3", Level.WARN);

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (hasConfigurationFile()) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        var appender = new ConsoleAppender<ILoggingEvent>();
        appender.setContext(context);
        appender.setName("CONSOLE");
        appender.setEncoder(encoder(context, System.getenv().getOrDefault("BILLING_LOG_FORMAT", "")));
        appender.start();
        var root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        QUIET.forEach((name, level) -> context.getLogger(name).setLevel(level));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    static Encoder<ILoggingEvent> encoder(LoggerContext context, String format) {
        var normalised = format.trim().toLowerCase(Locale.ROOT);
        if (normalised.isEmpty()) {
            var pattern = new PatternLayoutEncoder();
            pattern.setContext(context);
            pattern.setPattern("%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX, UTC} %-5level [%thread] %logger{36} - %msg%n");
            pattern.setCharset(StandardCharsets.UTF_8);
            pattern.start();
            return pattern;
        }
        // Spring Boot's encoder reads its settings (the service name among them) from a Spring Environment in the
        // logger context; a process without a Spring context gets one made of these properties (see EarlyLogging for
        // the note building it would print).
        EarlyLogging.quietReplayNote();
        var environment = new StandardEnvironment();
        var service = System.getenv("BILLING_SERVICE_NAME");
        if (service != null && !service.isBlank()) {
            environment
                    .getPropertySources()
                    .addFirst(new MapPropertySource(
                            "billing-service",
                            Map.of(
                                    "logging.structured.ecs.service.name", service,
                                    "logging.structured.gelf.host", service,
                                    "spring.application.name", service)));
        }
        context.putObject(Environment.class.getName(), environment);
        var structured = new StructuredLogEncoder();
        structured.setContext(context);
        structured.setFormat(normalised);
        structured.setCharset(StandardCharsets.UTF_8);
        structured.start();
        return structured;
    }

    private static boolean hasConfigurationFile() {
        if (System.getProperty("logback.configurationFile") != null) {
            return true;
        }
        var loader = ServiceLogConfigurator.class.getClassLoader();
        return loader.getResource("logback-test.xml") != null || loader.getResource("logback.xml") != null;
    }
}
