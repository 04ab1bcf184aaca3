package io.abk.billing.streamskit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class StreamsPropertiesTest {

    @Test
    void shouldRunExactlyOnceWithNamedResourcesAndLingerJustUnderTheCommitWhenBuilt() {
        var props = StreamsProperties.exactlyOnce(
                "kafka:9092", "app", Path.of("state"), Duration.ofMillis(30), KafkaClientSecurity.PLAINTEXT);

        assertThat(props.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo("exactly_once_v2");
        assertThat(props.getProperty(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG))
                .isEqualTo("true");
        assertThat(props.getProperty(StreamsConfig.STATE_DIR_CONFIG))
                .isEqualTo(Path.of("state").toAbsolutePath().toString());
        assertThat(props.getProperty(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG)))
                .isEqualTo("25");
        assertThat(props.getProperty(StreamsConfig.mainConsumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG)))
                .isEqualTo("20");
        // a second instance keeps standbys, and a dead one's tasks move after 10 s, not 45 s
        assertThat(props.getProperty(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG)).isEqualTo("1");
        assertThat(props.getProperty(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG)))
                .isEqualTo("10000");
        // Kafka itself accepts the whole set.
        var config = new StreamsConfig(props);
        assertThat(config.getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo(30);
        assertThat(config.getLong(StreamsConfig.POLL_MS_CONFIG)).isEqualTo(10);
    }

    @Test
    void shouldStillLingerAMillisecondWhenTheCommitIntervalIsTiny() {
        var props = StreamsProperties.exactlyOnce(
                "kafka:9092", "app", Path.of("state"), Duration.ofMillis(3), KafkaClientSecurity.PLAINTEXT);

        assertThat(props.getProperty(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG)))
                .isEqualTo("1");
    }
}
