package io.abk.billing.streamskit.lifecycle;

import org.apache.kafka.streams.errors.MissingSourceTopicException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a stream thread does when an exception escapes it (record-level failures never get here: they go to the
 * app's processing and deserialization exception handlers). The app starts only once its topics exist
 * ({@link TopicsReadiness}), but a source topic can still vanish while it runs (deleted by ops); Kafka Streams
 * then fails the thread at the next rebalance, so the thread is replaced and rejoins until the topic is back,
 * rather than the app dying (each retry waits out the dead member's session timeout, 45 s by default). Anything
 * else is an infrastructure failure the app cannot fix by itself: shut the client down (state ERROR, so health
 * checks report it) and let the supervisor restart the process.
 */
final class StreamThreadFailureHandler implements StreamsUncaughtExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(StreamThreadFailureHandler.class);

    @Override
    public StreamThreadExceptionResponse handle(Throwable exception) {
        if (causedByMissingSourceTopic(exception)) {
            log.warn("event=source_topic_missing action=replace_thread message=\"{}\"", exception.getMessage());
            return StreamThreadExceptionResponse.REPLACE_THREAD;
        }
        log.error("event=stream_thread_failed action=shutdown_client exception={}", exception.toString(), exception);
        return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
    }

    private static boolean causedByMissingSourceTopic(Throwable exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof MissingSourceTopicException) {
                return true;
            }
        }
        return false;
    }
}
