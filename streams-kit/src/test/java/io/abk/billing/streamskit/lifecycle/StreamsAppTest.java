package io.abk.billing.streamskit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.abk.billing.opskit.http.Health;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lifecycle without a broker; the services' integration tests run it against a real one. */
class StreamsAppTest {

    @TempDir
    Path stateDir;

    @Test
    void shouldWaitInCreatedAndTerminateOnCloseWhenTheBrokerNeverAnswers() throws Exception {
        var app = unreachableApp();

        app.startWhenTopicsExist();

        // Nothing is known to exist, so Kafka Streams is never started.
        assertThat(app.missingTopics()).containsExactlyInAnyOrder("kit.in", "kit.out");
        assertThat(app.state()).isEqualTo(KafkaStreams.State.CREATED);
        assertThat(app.isRunning()).isFalse();
        app.close();
        // A main blocked in awaitTermination must return once the app is closed.
        assertTimeoutPreemptively(Duration.ofSeconds(30), app::awaitTermination);
        assertThat(app.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
    }

    @Test
    void shouldFailItsStartNamingWhatIsMissingWhenTheTopicsAreNotReadyInTime() throws Exception {
        var app = unreachableApp();

        app.startWhenTopicsExist();
        app.giveUpOnTopicsAfter(Duration.ofMillis(500));

        // Guards against a service that waits for its topics forever, with nothing but a warning every half minute.
        assertTimeoutPreemptively(Duration.ofSeconds(30), app::awaitTermination);
        assertThat(app.startFailure()).contains("not ready within").contains("cannot list the topics");
        assertThat(app.liveness().up()).isFalse();
        assertThat(app.liveness().details()).containsKey("startFailure");
        app.close();
    }

    @Test
    void shouldStayAliveAndShowWhyWhenAComponentBesideTheTopologyIsDown() throws Exception {
        var app = unreachableApp();

        app.healthWith(() -> Map.of(
                "chain-8453", Health.down(Map.of("follower", "stopped: reorg deeper than the window")),
                "chain-84532", Health.up(Map.of("follower", "running"))));

        // A process restart would not bring the component back: the app stays alive, and both checks say why.
        assertThat(app.liveness().up()).isTrue();
        for (var check : java.util.List.of(app.liveness(), app.readiness())) {
            assertThat(check.details())
                    .containsEntry("chain-8453", "DOWN")
                    .containsEntry("chain-8453.follower", "stopped: reorg deeper than the window")
                    .containsEntry("chain-84532", "UP");
        }
        assertThat(app.readiness().up()).isFalse();
        app.close();
    }

    @Test
    void shouldStartReportAndEndWithAnAppItIncludes() throws Exception {
        var app = unreachableApp();
        var usage = unreachableApp("kit-test-usage");
        usage.deadLettersTo("kit.dead-letters");

        app.include(usage);
        app.startWhenTopicsExist();

        // One service: the included app's groups, dead letters and health are the service's.
        assertThat(app.consumerGroups()).containsExactly("kit-test", "kit-test-usage");
        assertThat(app.deadLetterTopics()).containsExactly("kit.dead-letters");
        assertThat(usage.missingTopics()).containsExactlyInAnyOrder("kit.in", "kit.out");
        assertThat(app.readiness().details())
                .containsEntry("kit-test-usage", "DOWN")
                .containsEntry("kit-test-usage.state", "CREATED");
        // The included app alone gives up on its topics: that ends the service's life too, naming it.
        usage.giveUpOnTopicsAfter(Duration.ofMillis(500));
        assertTimeoutPreemptively(Duration.ofSeconds(30), app::awaitTermination);
        assertThat(app.startFailure()).startsWith("kit-test-usage: ").contains("not ready within");
        assertThat(app.liveness().up()).isFalse();
        app.close();
        assertThat(usage.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
        assertThat(app.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
    }

    /** An app of a one-step topology whose broker never answers. */
    private StreamsApp unreachableApp() throws IOException {
        return unreachableApp("kit-test");
    }

    private StreamsApp unreachableApp(String applicationId) throws IOException {
        var topology = new Topology().addSource("kit-source", "kit.in").addSink("kit-sink", "kit.out", "kit-source");
        var props = StreamsProperties.exactlyOnce(
                "127.0.0.1:" + closedPort(),
                applicationId,
                stateDir,
                Duration.ofMillis(30),
                KafkaClientSecurity.PLAINTEXT);
        return StreamsApp.create(applicationId, topology, props, Set.of("kit.in", "kit.out"));
    }

    /** A loopback port nobody listens on: the socket is closed again before the app connects. */
    private static int closedPort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
