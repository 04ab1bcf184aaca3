package io.abk.billing.streamskit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticMembershipTest {

    @TempDir
    Path temp;

    @Test
    void shouldJoinWithTheSameInstanceIdWhenStartedAgainOnTheSameStateDirectory() {
        var first = StaticMembership.withInstanceId(props(temp.resolve("a")));
        var again = StaticMembership.withInstanceId(props(temp.resolve("a")));

        // A restart after a crash must reuse the id, or it waits out its old session in REBALANCING.
        assertThat(first.getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))
                .startsWith("app-")
                .hasSize("app-".length() + 8)
                .isEqualTo(again.getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG));
        assertThat(temp.resolve("a").resolve(StaticMembership.FILE)).exists();
    }

    @Test
    void shouldJoinWithAnotherInstanceIdWhenTheStateDirectoryIsAnother() {
        var one = StaticMembership.withInstanceId(props(temp.resolve("one")));
        var other = StaticMembership.withInstanceId(props(temp.resolve("other")));

        // Two replicas with one id would fence each other.
        assertThat(one.getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))
                .isNotEqualTo(other.getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG));
    }

    @Test
    void shouldKeepAnInstanceIdThatIsSetAlreadyWhenOneIsConfigured() {
        var props = props(temp.resolve("set"));
        props.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "chosen");

        assertThat(StaticMembership.withInstanceId(props).getProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG))
                .isEqualTo("chosen");
        assertThat(temp.resolve("set")).doesNotExist();
    }

    @Test
    void shouldWriteANewIdWhenTheStoredOneIsEmpty() throws Exception {
        var dir = Files.createDirectories(temp.resolve("empty"));
        Files.writeString(dir.resolve(StaticMembership.FILE), "");

        assertThat(StaticMembership.instanceId(dir)).hasSize(8).isEqualTo(StaticMembership.instanceId(dir));
    }

    private static Properties props(Path stateDir) {
        var props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "app");
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        return props;
    }
}
