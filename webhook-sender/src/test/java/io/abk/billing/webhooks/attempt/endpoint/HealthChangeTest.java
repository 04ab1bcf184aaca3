package io.abk.billing.webhooks.attempt.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HealthChangeTest {

    private static final Instant SINCE = Instant.parse("2030-01-01T00:00:00Z");

    @ParameterizedTest(name = "failing for {0}: {1}")
    @CsvSource(textBlock = """
            PT0S,        false
            P4DT23H59M59S, false
            P5D,         true
            P30D,        true
            """)
    void shouldDisableOnlyWhenFailingForDisableAfter(Duration failingFor, boolean disable) {
        assertThat(HealthChange.failingTooLong(SINCE, SINCE.plus(failingFor), Duration.ofDays(5)))
                .isEqualTo(disable);
    }

    @Test
    void shouldSignWithPreviousSecretOnlyWhenOverlapRuns() {
        var until = SINCE.plusSeconds(60);
        var endpoint = new EndpointRow(
                "we_1", "mer_1", "live", "https://x.example", "whsec_new", "whsec_old", until, false, null, null);

        assertThat(endpoint.activeSecrets(SINCE)).containsExactly("whsec_new", "whsec_old");
        assertThat(endpoint.activeSecrets(until)).containsExactly("whsec_new");
        assertThat(endpoint.toString()).doesNotContain("whsec_");
    }
}
