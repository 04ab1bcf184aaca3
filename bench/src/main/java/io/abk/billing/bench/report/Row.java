package io.abk.billing.bench.report;

import io.abk.billing.bench.probe.Usage;

/** One row of the report: a measured phase of a scenario and what the stack used while it ran. */
public record Row(String scenario, Result result, Usage usage) {}
