package io.abk.billing.opskit.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ServiceLogConfiguratorTest {

    @Test
    void shouldWriteOneEcsJsonObjectALineWhenAStructuredFormatIsChosen() {
        var out = log("ecs", "event=streams_state applicationId=billing-streams");

        assertThat(out).startsWith("{").endsWith("}\n").doesNotContain("\n{");
        assertThat(out)
                .contains(
                        "\"log\":{\"level\":\"INFO\",\"logger\":\"io.abk.billing.test\"}",
                        "\"message\":\"event=streams_state applicationId=billing-streams\"",
                        "\"ecs\":{\"version\":");
    }

    @Test
    void shouldWriteReadableLinesByDefault() {
        var out = log("", "hello");

        assertThat(out)
                .matches(
                        "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z INFO  \\[.*] io\\.abk\\.billing\\.test - hello\n");
    }

    @Test
    void shouldKeepKafkaQuietAtInfoWhenItConfiguresTheProcess() {
        var context = new LoggerContext();

        var status = new ServiceLogConfigurator().configure(context);

        // the test class path has no logback.xml, so the configurator takes over
        assertThat(status).isEqualTo(ch.qos.logback.classic.spi.Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
        assertThat(context.getLogger("org.apache.kafka.clients.consumer").getEffectiveLevel())
                .isEqualTo(Level.WARN);
        assertThat(context.getLogger("io.abk.billing").getEffectiveLevel()).isEqualTo(Level.INFO);
    }

    private static String log(String format, String message) {
        var context = new LoggerContext();
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        var bytes = new ByteArrayOutputStream();
        var appender = new OutputStreamAppender<ILoggingEvent>();
        appender.setContext(context);
        appender.setEncoder(ServiceLogConfigurator.encoder(context, format));
        appender.setOutputStream(bytes);
        appender.start();
        var logger = context.getLogger("io.abk.billing.test");
        logger.addAppender(appender);
        logger.info(message);
        appender.stop();
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
