package io.abk.billing.webhooks.delivery;

import java.nio.ByteBuffer;
import org.apache.kafka.common.header.Headers;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;

/**
 * The number of the attempt a record is for. spring-kafka counts attempts in the {@code retry_topic-attempts}
 * header when it forwards a failed record (the main topic's records carry none: attempt 1).
 */
public final class AttemptNumber {

    private AttemptNumber() {
    }

    public static int of(Headers headers) {
        var header = headers.lastHeader(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS);
        if (header == null || header.value() == null) {
            return 1;
        }
        var value = header.value();
        // An int since spring-kafka 2.8; a single byte before.
        return value.length == Integer.BYTES ? ByteBuffer.wrap(value).getInt() : value.length == 1 ? value[0] : 1;
    }
}
