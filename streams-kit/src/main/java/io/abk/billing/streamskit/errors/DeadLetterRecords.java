package io.abk.billing.streamskit.errors;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.jspecify.annotations.Nullable;

/**
 * Builds the dead-letter record of a failed input record: its original key and value bytes, and headers naming
 * the exception and where the record came from. The header names are Kafka Streams' own (KIP-1034), so tools
 * that read Kafka's built-in dead-letter records read these too.
 */
public final class DeadLetterRecords {

    public static final String EXCEPTION_HEADER = "__streams.errors.exception";
    public static final String MESSAGE_HEADER = "__streams.errors.message";
    public static final String STACKTRACE_HEADER = "__streams.errors.stacktrace";
    public static final String TOPIC_HEADER = "__streams.errors.topic";
    public static final String PARTITION_HEADER = "__streams.errors.partition";
    public static final String OFFSET_HEADER = "__streams.errors.offset";
    /** Where it failed: the processor node, "deserialization", or the plain client that failed on it. */
    public static final String NODE_HEADER = "billing.errors.node";

    private DeadLetterRecords() {}

    /**
     * The dead-letter topic an app's configuration names ({@code errors.dead.letter.queue.topic.name}), for the
     * handlers Kafka Streams creates by class name and configures with that configuration.
     *
     * @throws ConfigException when the app names none: its failed records would have nowhere to go
     */
    static String configuredTopic(Map<String, ?> configs) {
        var topic = configs.get(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG);
        if (!(topic instanceof String name) || name.isBlank()) {
            throw new ConfigException(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG
                    + " must name the service's dead-letter topic for its dead-letter handlers");
        }
        return name;
    }

    /** The dead letter of the record a Kafka Streams exception handler was given. */
    public static ProducerRecord<byte[], byte[]> of(
            String deadLetterTopic,
            ErrorHandlerContext context,
            byte @Nullable [] key,
            byte @Nullable [] value,
            Throwable exception,
            String node) {
        return of(
                deadLetterTopic,
                context.headers(),
                String.valueOf(context.topic()),
                context.partition(),
                context.offset(),
                key,
                value,
                exception,
                node);
    }

    /** The dead letter of the record at {@code topic}/{@code partition}/{@code offset}, read by a plain consumer. */
    public static ProducerRecord<byte[], byte[]> of(
            String deadLetterTopic,
            Headers original,
            String topic,
            int partition,
            long offset,
            byte @Nullable [] key,
            byte @Nullable [] value,
            Throwable exception,
            String node) {
        var headers = new RecordHeaders(original.toArray());
        headers.add(EXCEPTION_HEADER, utf8(exception.getClass().getName()));
        headers.add(MESSAGE_HEADER, utf8(String.valueOf(exception.getMessage())));
        headers.add(STACKTRACE_HEADER, utf8(stackTrace(exception)));
        headers.add(TOPIC_HEADER, utf8(topic));
        headers.add(PARTITION_HEADER, utf8(Integer.toString(partition)));
        headers.add(OFFSET_HEADER, utf8(Long.toString(offset)));
        headers.add(NODE_HEADER, utf8(node));
        return new ProducerRecord<>(deadLetterTopic, null, null, key, value, headers);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String stackTrace(Throwable exception) {
        var out = new StringWriter();
        exception.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
