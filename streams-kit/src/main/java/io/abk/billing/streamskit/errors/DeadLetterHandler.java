package io.abk.billing.streamskit.errors;

import java.util.Map;
import org.apache.kafka.common.Configurable;
import org.jspecify.annotations.Nullable;

/**
 * What the dead-letter handlers share: the service's dead-letter topic, taken from the app's
 * {@code errors.dead.letter.queue.topic.name}, which each service sets to its catalog topic as its deployment
 * names it (Kafka Streams configures the handlers it creates by class name with the app's configuration).
 */
public abstract class DeadLetterHandler implements Configurable {

    private @Nullable String deadLetterTopic;

    @Override
    public void configure(Map<String, ?> configs) {
        deadLetterTopic = DeadLetterRecords.configuredTopic(configs);
    }

    /** The service's dead-letter topic. */
    protected final String deadLetterTopic() {
        if (deadLetterTopic == null) {
            throw new IllegalStateException("the handler was not configured");
        }
        return deadLetterTopic;
    }
}
