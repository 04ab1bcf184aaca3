package io.abk.billing.bench;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** What {@code --scenario} can name, in the order {@code all} runs them. */
enum Scenario {
    /** {@code POST /v1/subscriptions}: the warm-up curve from a fresh start, a fixed rate, then closed loops. */
    CREATES,
    /**
     * {@code POST /v1/subscriptions}: the warm-up curve, then only the fixed rate for {@code --duration}: the long run
     * that hunts stalls (a second whose p99 passes 5 s has every JVM thread-dumped).
     */
    FIXED,
    /** {@code GET /v1/subscriptions/{id}} over a pool of existing subscriptions, closed loops. */
    GETS,
    /** N active subscriptions renewed by one test-clock move, checked exactly once. */
    RENEWALS,
    /** Webhook deliveries to one local endpoint, then spread over many. */
    WEBHOOKS,
    /** The merchant dashboard's pages and export at N subscriptions of one merchant, signed in as its owner. */
    DASHBOARD,
    /** Usage events straight onto the topic until counted, then through the batch route. */
    USAGE,
    /** The stack as a child process: cold start, then SIGKILL and restart with N subscriptions. */
    RECOVERY;

    static final String ALL = "all";

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code all} or a comma-separated list of names; the result is in run order whatever the list's order. */
    static Set<Scenario> parse(String text) {
        if (text.equals(ALL)) {
            // The long fixed-rate run repeats what creates measures: it runs only when named.
            return EnumSet.complementOf(EnumSet.of(FIXED));
        }
        var chosen = EnumSet.noneOf(Scenario.class);
        for (var name : text.split(",", -1)) {
            var scenario = Arrays.stream(values())
                    .filter(s -> s.label().equals(name.strip()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("--scenario takes " + names() + " or " + ALL
                            + " (or a comma-separated list), got '" + text + "'"));
            chosen.add(scenario);
        }
        return chosen;
    }

    static String names() {
        return Arrays.stream(values()).map(Scenario::label).collect(Collectors.joining("|"));
    }
}
