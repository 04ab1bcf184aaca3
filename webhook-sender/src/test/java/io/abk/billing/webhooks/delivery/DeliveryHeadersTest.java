package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class DeliveryHeadersTest {

    @Test
    void shouldReadAttemptOneDueNowWhenARecordCarriesNoHeaders() {
        var headers = new RecordHeaders();

        assertThat(DeliveryHeaders.attempt(headers)).isEqualTo(1);
        assertThat(DeliveryHeaders.dueAt(headers)).isNull();
    }

    @Test
    void shouldReadBackTheNextAttemptAndItsDueTimeWhenADeliveryIsForwardedTwice() {
        var headers = new RecordHeaders();
        var due = Instant.parse("2026-01-01T00:00:05Z");

        DeliveryHeaders.forward(headers, 2, Instant.parse("2026-01-01T00:00:01Z"));
        DeliveryHeaders.forward(headers, 3, due);

        assertThat(DeliveryHeaders.attempt(headers)).isEqualTo(3);
        assertThat(DeliveryHeaders.dueAt(headers)).isEqualTo(due);
        assertThat(headers.headers(DeliveryHeaders.ATTEMPT))
                .as("replaced, not piled up")
                .hasSize(1);
    }

    @Test
    void shouldFallBackToAttemptOneDueNowWhenTheHeadersAreGarbled() {
        // Protects the delivery loop: a parse failure there would stop the partition.
        var headers = new RecordHeaders();
        headers.add(DeliveryHeaders.ATTEMPT, "two".getBytes(StandardCharsets.UTF_8));
        headers.add(DeliveryHeaders.DUE_AT, "soon".getBytes(StandardCharsets.UTF_8));

        assertThat(DeliveryHeaders.attempt(headers)).isEqualTo(1);
        assertThat(DeliveryHeaders.dueAt(headers)).isNull();
    }
}
