package io.abk.billing.streamskit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

class StreamsPropertiesTest {

    /** A processor that does nothing: only the topology's shape matters here. */
    private static final class Ignore implements Processor<Object, Object, Object, Object> {
        @Override
        public void process(Record<Object, Object> record) {}
    }

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

    @Test
    void shouldSkipTheIdleWaitOnlyWhereEverySubTopologyReadsOneTopic() {
        var props = new java.util.Properties();
        StreamsProperties.skipIdleWait(props);
        assertThat(props.getProperty(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG)).isEqualTo("-1");

        var separate = new Topology();
        separate.addSource("a-source", "a");
        separate.addProcessor("a-processor", Ignore::new, "a-source");
        separate.addSource("b-source", "b");
        separate.addProcessor("b-processor", Ignore::new, "b-source");
        StreamsProperties.requireOneInputPerTask(separate);

        var merged = new Topology();
        merged.addSource("a-source", "a");
        merged.addSource("b-source", "b");
        merged.addProcessor("merge", Ignore::new, "a-source", "b-source");
        assertThatThrownBy(() -> StreamsProperties.requireOneInputPerTask(merged))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("[a, b]");

        var twoTopics = new Topology();
        twoTopics.addSource("ab-source", "a", "b");
        assertThatThrownBy(() -> StreamsProperties.requireOneInputPerTask(twoTopics))
                .hasMessageContaining("[a, b]");
    }
}
