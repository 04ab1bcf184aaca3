package io.abk.billing.streamskit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.streams.errors.MissingSourceTopicException;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.junit.jupiter.api.Test;

class StreamThreadFailureHandlerTest {

    private final StreamThreadFailureHandler handler = new StreamThreadFailureHandler();

    @Test
    void shouldReplaceTheThreadWhenASourceTopicIsMissingDeepInTheCauses() {
        // Kafka Streams wraps the assignor's error, so only looking through the causes finds it.
        var failure = new StreamsException(new StreamsException(new MissingSourceTopicException("gone")));

        assertThat(handler.handle(failure)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
    }

    @Test
    void shouldShutTheClientDownWhenAnythingElseEscapesTheThread() {
        assertThat(handler.handle(new StreamsException(new IllegalStateException("fenced"))))
                .isEqualTo(StreamThreadExceptionResponse.SHUTDOWN_CLIENT);
    }
}
