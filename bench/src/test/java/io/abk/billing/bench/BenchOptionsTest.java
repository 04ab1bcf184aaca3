package io.abk.billing.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void shouldUseTheIssueBarAsDefaultsWhenNoArgumentsAreGiven() {
        var options = BenchOptions.parse(new String[0]);

        assertThat(options.rate()).isEqualTo(500);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.startsOwnStack()).isTrue();
    }

    @Test
    void shouldRefuseUnknownOptionsAndIncompleteExternalTargets() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--speed", "9"})).hasMessageContaining("speed");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "http://x"})).hasMessageContaining("--key");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rate", "0"})).hasMessageContaining("positive");
    }
}
