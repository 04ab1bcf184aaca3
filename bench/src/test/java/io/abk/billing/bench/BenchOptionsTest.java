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
        assertThat(options.webhookEvents()).isEqualTo(5000);
    }

    @Test
    void shouldSkipTheWebhookPhaseWhenAskedForNoEvents() {
        assertThat(BenchOptions.parse(new String[] {"--webhook-events", "0"}).webhookEvents()).isZero();
        assertThat(BenchOptions.parse(new String[] {"--webhook-events", "200"}).webhookEvents()).isEqualTo(200);
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--webhook-events", "-1"})).hasMessageContaining("positive");
    }

    @Test
    void shouldRefuseUnknownOptionsAndIncompleteExternalTargets() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--speed", "9"})).hasMessageContaining("speed");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "http://x"})).hasMessageContaining("--key");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rate", "0"})).hasMessageContaining("positive");
    }
}
