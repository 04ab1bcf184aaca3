package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class DroppedErrorsConfigurationTest {

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(DroppedErrorsConfiguration.class);

    @BeforeEach
    void capture() {
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void release() {
        logger.detachAppender(logged);
    }

    @Test
    void shouldLogARefusalDecidedAfterTheClientLeftAsOneInfoLine() {
        // a reset connection cancels the request while its key is still being checked: the refusal comes too late
        DroppedErrorsConfiguration.log(new ApiException(401, "invalid_api_key", "Invalid API key"));

        assertThat(logged.list).singleElement().satisfies(event -> {
            assertThat(event.getLevel()).isEqualTo(Level.INFO);
            assertThat(event.getFormattedMessage())
                    .isEqualTo("client aborted before its answer status=401 code=invalid_api_key"
                            + " reason=\"Invalid API key\"");
            assertThat(event.getThrowableProxy()).isNull();
        });
    }

    @Test
    void shouldLogAResetConnectionAsOneInfoLine() {
        DroppedErrorsConfiguration.log(new IOException("recvAddress(..) failed: Connection reset by peer"));

        assertThat(logged.list).singleElement().satisfies(event -> {
            assertThat(event.getLevel()).isEqualTo(Level.INFO);
            assertThat(event.getFormattedMessage()).startsWith("client aborted reason=");
        });
    }

    @Test
    void shouldLogAnyOtherDroppedErrorAsAnErrorWithItsStack() {
        DroppedErrorsConfiguration.log(new IllegalStateException("a bug"));

        assertThat(logged.list).singleElement().satisfies(event -> {
            assertThat(event.getLevel()).isEqualTo(Level.ERROR);
            assertThat(event.getThrowableProxy()).isNotNull();
        });
    }
}
