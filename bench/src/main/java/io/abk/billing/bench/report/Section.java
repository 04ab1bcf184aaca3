package io.abk.billing.bench.report;

import java.util.List;

/** What one scenario gave: its rows and the sentences that tell the rest (set-up, checks, times to a point). */
public record Section(String scenario, List<Row> rows, List<String> notes) {

    public Section {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }
}
