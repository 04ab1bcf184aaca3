package io.abk.billing.opskit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvTest {

    private static final Env EMPTY = new Env(Map.of());

    @Test
    void shouldFallBackToTheDefaultsWhenUnset() {
        assertThat(EMPTY.text("A", "fallback")).isEqualTo("fallback");
        assertThat(EMPTY.path("A", Path.of("/tmp/x"))).isEqualTo(Path.of("/tmp/x"));
        assertThat(EMPTY.number("A", 7)).isEqualTo(7);
        assertThat(EMPTY.millis("A", Duration.ofMillis(30))).isEqualTo(Duration.ofMillis(30));
        assertThat(EMPTY.keyValues("A")).isEmpty();
    }

    @Test
    void shouldReadTypedValuesWhenSet() {
        var env = new Env(Map.of(
                "TEXT",
                "kafka:9093",
                "DIR",
                "/var/lib/x",
                "N",
                " 4 ",
                "MS",
                "20",
                "KV",
                "producer.linger.ms=0, num.standby.replicas = 1,,ssl.x=a=b"));

        assertThat(env.text("TEXT", "")).isEqualTo("kafka:9093");
        assertThat(env.path("DIR", Path.of("other"))).isEqualTo(Path.of("/var/lib/x"));
        assertThat(env.number("N", 1)).isEqualTo(4);
        assertThat(env.millis("MS", Duration.ZERO)).isEqualTo(Duration.ofMillis(20));
        assertThat(env.keyValues("KV"))
                .containsExactly(
                        Map.entry("producer.linger.ms", "0"),
                        Map.entry("num.standby.replicas", "1"),
                        Map.entry("ssl.x", "a=b"));
    }

    @Test
    void shouldKeepABlankTextButTreatABlankNumberAsUnsetWhenReading() {
        // A blank bootstrap address must reach the config's own check, not turn into localhost silently.
        var env = new Env(Map.of("TEXT", " ", "N", " "));

        assertThat(env.text("TEXT", "fallback")).isEqualTo(" ");
        assertThat(env.number("N", 3)).isEqualTo(3);
    }

    @Test
    void shouldNameTheVariableWhenAValueIsMalformed() {
        var env = new Env(Map.of("N", "two", "KV", "a=1,novalue"));

        assertThatThrownBy(() -> env.number("N", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("N must be a whole number, was 'two'");
        assertThatThrownBy(() -> env.keyValues("KV"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("KV entries must be key=value, was 'novalue'");
    }
}
