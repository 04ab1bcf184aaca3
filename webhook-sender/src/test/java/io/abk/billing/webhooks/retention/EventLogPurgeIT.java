package io.abk.billing.webhooks.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class EventLogPurgeIT {

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldDeleteOnlyEventsOlderThanTheRetentionWhenThePurgeRuns() {
        var jdbc = sender.jdbc();
        var merchant = Fixtures.merchant(jdbc);
        var old = insert(merchant, Instant.now().minus(Duration.ofDays(31)));
        var recent = insert(merchant, Instant.now().minus(Duration.ofDays(29)));

        int deleted = sender.running().context().getBean(EventLogPurge.class).purgeOnce();

        assertThat(deleted).isGreaterThanOrEqualTo(1);
        assertThat(jdbc.queryForList("SELECT id FROM events WHERE merchant_id = ?", String.class, merchant))
                .containsExactly(recent)
                .doesNotContain(old);
    }

    private String insert(String merchant, Instant createdAt) {
        var id = Fixtures.id("evt");
        sender.jdbc().update("""
                INSERT INTO events (id, merchant_id, mode, type, aggregate_id, created_at, payload)
                VALUES (?, ?, 'test', 'invoice.paid', 'in_1', ?, '{}')""", id, merchant, Timestamp.from(createdAt));
        return id;
    }
}
