package io.abk.billing.topics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What the topics step found and did, topic by topic; it failed when any topic has a problem. */
public record ProvisionReport(List<Entry> entries) {

    /** What happened to one topic. */
    public enum Outcome {
        CREATED,
        UPDATED,
        UNCHANGED,
        PROBLEM
    }

    /**
     * One topic: its outcome, its layout as the broker has it now, and sentences saying what was changed or what
     * is wrong.
     */
    public record Entry(
            String topic,
            Outcome outcome,
            int partitions,
            int replicationFactor,
            Map<String, String> configs,
            List<String> notes) {

        public Entry {
            configs = Map.copyOf(configs);
            notes = List.copyOf(notes);
        }
    }

    public ProvisionReport {
        entries = List.copyOf(entries);
    }

    public boolean ok() {
        return entries.stream().noneMatch(entry -> entry.outcome() == Outcome.PROBLEM);
    }

    /** Every problem as one sentence naming its topic. */
    public List<String> problems() {
        return entries.stream()
                .filter(entry -> entry.outcome() == Outcome.PROBLEM)
                .flatMap(entry -> entry.notes().stream().map(note -> entry.topic() + ": " + note))
                .toList();
    }

    public List<String> topics(Outcome outcome) {
        return entries.stream()
                .filter(entry -> entry.outcome() == outcome)
                .map(Entry::topic)
                .toList();
    }

    /** A plain-text table for an operator's terminal: one line a topic, then its notes indented. */
    public String format() {
        var lines = new ArrayList<String>();
        lines.add(String.format("%-42s %-9s %10s %3s  %s", "topic", "outcome", "partitions", "rf", "configs"));
        for (var entry : entries) {
            var configs = entry.configs().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .map(config -> config.getKey() + "=" + config.getValue())
                    .collect(Collectors.joining(" "));
            lines.add(String.format(
                    "%-42s %-9s %10d %3d  %s",
                    entry.topic(),
                    entry.outcome().name().toLowerCase(),
                    entry.partitions(),
                    entry.replicationFactor(),
                    configs));
            entry.notes().forEach(note -> lines.add("    " + note));
        }
        return String.join(System.lineSeparator(), lines);
    }
}
