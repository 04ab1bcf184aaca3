package io.abk.billing.bench.scenario;

import io.abk.billing.bench.probe.StackProbe;
import io.abk.billing.bench.probe.UsageSampler;
import io.abk.billing.bench.report.Result;
import io.abk.billing.bench.report.Row;
import java.time.Duration;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** What the scenarios share: a measured phase as a row with the stack's usage meanwhile, and the ramp before one. */
final class Phases {

    /** Each measured phase starts with this much unmeasured load (or its own length, if shorter), to begin in its steady state. */
    private static final Duration RAMP = Duration.ofSeconds(5);

    private Phases() {}

    static Duration ramp(Duration measured) {
        return measured.compareTo(RAMP) < 0 ? measured : RAMP;
    }

    static Row measured(String scenario, @Nullable StackProbe probe, Supplier<Result> phase) {
        var sampler = UsageSampler.start(probe);
        try {
            var result = phase.get();
            return new Row(scenario, result, sampler.stop());
        } finally {
            sampler.close();
        }
    }
}
