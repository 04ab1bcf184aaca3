package io.abk.billing.gateway.command;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * {@code billing_gateway_command_seconds{type, outcome}}: from a command's send to its outcome as the request sees it
 * ({@code accepted}, {@code rejected}, {@code timeout} when no outcome came within the request timeout,
 * {@code unavailable} when it could not be queued), with a histogram for percentiles. It is the latency a merchant
 * sees of a write, less the HTTP and JSON work around it.
 */
public final class CommandLatencyMeters {

    private final MeterRegistry registry;

    public CommandLatencyMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A running measurement of one command. */
    public final class Timing {

        private final String type;
        private final Timer.Sample sample;

        private Timing(String type) {
            this.type = type;
            this.sample = Timer.start(registry);
        }

        public void stop(String outcome) {
            sample.stop(Timer.builder("billing.gateway.command")
                    .tag("type", type)
                    .tag("outcome", outcome)
                    .publishPercentileHistogram()
                    .register(registry));
        }
    }

    public Timing start(String type) {
        return new Timing(type);
    }
}
