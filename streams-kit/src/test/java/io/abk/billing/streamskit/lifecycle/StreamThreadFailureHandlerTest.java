package io.abk.billing.streamskit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.InvalidPidMappingException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.apache.kafka.common.errors.UnknownProducerIdException;
import org.apache.kafka.streams.errors.MissingSourceTopicException;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StreamThreadFailureHandlerTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private Instant now = START;
    private final StreamThreadFailureHandler handler = new StreamThreadFailureHandler(new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    });

    static Stream<Arguments> failures() {
        return Stream.of(
                // What a replica stopped past its transaction timeout got at its next commit: the thread died and the
                // process with it (transactions V2 answer that commit with a state error).
                Arguments.of(
                        new StreamsException(
                                "Error encountered trying to commit a transaction", new InvalidTxnStateException("x")),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new TaskMigratedException("x", new CommitFailedException())),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new ProducerFencedException("x")),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new InvalidProducerEpochException("x")),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new InvalidPidMappingException("x")),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new UnknownProducerIdException("x")),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new TransactionAbortableException("x")),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                Arguments.of(
                        new StreamsException(new CommitFailedException()),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                // Kafka Streams wraps the assignor's error, so only looking through the causes finds it.
                Arguments.of(
                        new StreamsException(new StreamsException(new MissingSourceTopicException("gone"))),
                        StreamThreadExceptionResponse.REPLACE_THREAD),
                // Another live instance has this one's identity: replacing would fence it in turn.
                Arguments.of(
                        new StreamsException(new FencedInstanceIdException("x")),
                        StreamThreadExceptionResponse.SHUTDOWN_CLIENT),
                Arguments.of(
                        new StreamsException("Timed out trying to commit a transaction", new TimeoutException("x")),
                        StreamThreadExceptionResponse.SHUTDOWN_CLIENT),
                Arguments.of(
                        new StreamsException(new IllegalStateException("a bug")),
                        StreamThreadExceptionResponse.SHUTDOWN_CLIENT));
    }

    @ParameterizedTest
    @MethodSource("failures")
    void shouldReplaceTheThreadOnlyWhenItWasFencedOrItsTopicIsMissing(
            Throwable failure, StreamThreadExceptionResponse expected) {
        assertThat(handler.handle(failure)).isEqualTo(expected);
    }

    @Test
    void shouldShutTheClientDownWhenFencedTooOftenWithinTheWindow() {
        var fenced = new StreamsException(new InvalidTxnStateException("x"));
        for (int i = 0; i < StreamThreadFailureHandler.MAX_REPLACEMENTS; i++) {
            assertThat(handler.handle(fenced)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
            now = now.plusSeconds(30);
        }

        assertThat(handler.handle(fenced)).isEqualTo(StreamThreadExceptionResponse.SHUTDOWN_CLIENT);
    }

    @Test
    void shouldReplaceAgainOnceTheEarlierReplacementsLeftTheWindow() {
        var fenced = new StreamsException(new ProducerFencedException("x"));
        for (int i = 0; i < StreamThreadFailureHandler.MAX_REPLACEMENTS; i++) {
            handler.handle(fenced);
        }

        now = START.plus(StreamThreadFailureHandler.REPLACEMENT_WINDOW).plus(Duration.ofSeconds(1));

        assertThat(handler.handle(fenced)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
    }
}
