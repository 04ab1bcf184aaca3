package io.abk.billing.bench.scenario;

import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.webhook.WebhookThroughput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Webhook deliveries: {@code events} events to one local endpoint, then the same number of deliveries spread over
 * {@code endpoints} endpoints (each event to every one of them), both on paths of one fast local receiver.
 */
public final class Webhooks {

    public static final String NAME = "webhooks";
    /** How long one run may take before it reports what arrived. */
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    private Webhooks() {}

    public static Section run(Target target, int events, int endpoints) {
        var rows = new ArrayList<Row>();
        var notes = new ArrayList<String>();
        // The same number of deliveries both times, so the rows compare one endpoint with many.
        var spread = endpoints == 1
                ? List.of(new int[] {events, 1})
                : List.of(new int[] {events, 1}, new int[] {Math.max(1, events / endpoints), endpoints});
        for (var shape : spread) {
            System.out.printf("bench: webhooks: %d events to %d endpoint(s) ...%n", shape[0], shape[1]);
            var row = Phases.measured(NAME, target.probe(), () -> {
                try {
                    var run = WebhookThroughput.run(
                            target.baseUrl(),
                            target.testKey(),
                            target.jdbcUrl(),
                            target.dbUser(),
                            target.dbPassword(),
                            target.bootstrap(),
                            shape[0],
                            shape[1],
                            DEADLINE);
                    notes.add(run.line());
                    return run.result();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (SQLException e) {
                    throw new IllegalStateException("cannot read the endpoint's merchant: " + e.getMessage(), e);
                }
            });
            rows.add(row);
        }
        notes.add(
                "events produced straight onto billing.events (the sender's input); latency from an event's produce to its first"
                        + " arrival at the endpoint; the receiver answers 204 at once");
        return new Section(NAME, rows, notes);
    }
}
