package io.abk.billing.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a run does, from {@code --name value} arguments: which scenarios, the loads and sizes of each, and
 * optionally an already running stack to measure instead of starting one in-process. Every bad value is refused
 * with a sentence naming the option (the caller prints it with the usage and exits 2).
 */
record BenchOptions(
        Set<Scenario> scenarios,
        int rate,
        Duration warmup,
        Duration window,
        Duration duration,
        List<Integer> clients,
        List<Integer> getClients,
        int getPool,
        int renewals,
        int webhookEvents,
        int webhookEndpoints,
        int dashboardRows,
        int dashboardClients,
        int usageEvents,
        int usageCustomers,
        int usageClients,
        int recoverySubscriptions,
        int recoveryBurst,
        int partitions,
        boolean stackAsProcess,
        @Nullable String url,
        @Nullable String key,
        @Nullable String bootstrap,
        @Nullable String jdbcUrl,
        String dbUser,
        String dbPassword,
        @Nullable String adminToken,
        @Nullable Path stackJar,
        @Nullable String report,
        boolean baselines,
        boolean chain,
        int chainBlocks,
        int chainTransfersPerBlock,
        int chainPayments) {

    /** The largest renewal run; more would only measure the machine's memory. */
    static final int MAX_RENEWALS = 1_000_000;

    static final String USAGE = """
            usage: ./billing bench [--scenario all|%s[,...]] [--report path.md] [--baselines true|false]
                                   [--partitions 12] [--stack in-process|process (the local stack's jar as a child
                                   process, measured without the load generators; recovery then reuses it)]
              creates:  [--warmup 120 --window 20] (warm-up curve from a fresh start, closed loop of the first --clients)
                        [--rate 1000] [--duration 30] [--clients 64,128]
              fixed:    the warm-up curve and the fixed --rate for --duration only (not part of all): the long run that
                        hunts stalls; a second whose p99 passes 5 s thread-dumps the stack's JVM and the bench's
              gets:     [--get-pool 1000] [--get-clients 8,32] (--duration each)
              renewals: [--renewals 100000 (up to 1,000,000)]
              webhooks: [--webhook-events 5000 (0: skip)] [--webhook-endpoints 100]
              dashboard: [--dashboard-rows 100000] [--dashboard-clients 4] (--duration each page)
              usage:    [--usage-events 1000000 (onto the topic)] [--usage-customers 1000] [--usage-clients 4]
                        (batches of 1,000 through the route for --duration)
              recovery: [--recovery-subscriptions 100000] [--recovery-burst 0 (creates produced at once before the
                        kill, restarting with the read model behind)] [--stack-jar local-stack/target/local-stack-*-exec.jar]
              chain:    [--chain [--chain-blocks 20] [--chain-transfers-per-block 1000] [--chain-payments 20]]
                        (the stack on a local anvil chain, and the chain phase: follower throughput and
                        confirmation latency)
                   against a running stack instead of one started in-process (recovery needs its own; all runs the rest):
                                   --url http://localhost:8080 --key abk_test_... --bootstrap 127.0.0.1:19092
                                   --jdbc jdbc:postgresql://127.0.0.1:15432/billing [--db-user billing --db-password billing]
                                   [--admin-token ... (renewals and dashboard make a merchant of their own)]
            """.formatted(Scenario.names());

    static BenchOptions parse(String[] args) {
        var values = new HashMap<String, String>();
        boolean chain = false;
        for (int i = 0; i < args.length; i++) {
            if ("--chain".equals(args[i])) {
                chain = true;
                continue;
            }
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("unexpected argument '" + args[i] + "'");
            }
            values.put(args[i].substring(2), args[++i]);
        }
        var scenarioText = values.remove("scenario");
        var url = values.remove("url");
        var scenarios = Scenario.parse(scenarioText == null ? Scenario.ALL : scenarioText);
        if (url != null && (scenarioText == null || scenarioText.equals(Scenario.ALL))) {
            // A stack someone else runs cannot be killed and restarted by the bench: all means the others then.
            scenarios.remove(Scenario.RECOVERY);
        }
        var options = new BenchOptions(
                scenarios,
                integer(values, "rate", 1000),
                Duration.ofSeconds(integer(values, "warmup", 120)),
                Duration.ofSeconds(integer(values, "window", 20)),
                Duration.ofSeconds(integer(values, "duration", 30)),
                integers(values, "clients", List.of(64, 128)),
                integers(values, "get-clients", List.of(8, 32)),
                integer(values, "get-pool", 1000),
                integer(values, "renewals", 100_000),
                "0".equals(values.get("webhook-events"))
                        ? zero(values, "webhook-events")
                        : integer(values, "webhook-events", 5000),
                integer(values, "webhook-endpoints", 100),
                integer(values, "dashboard-rows", 100_000),
                integer(values, "dashboard-clients", 4),
                integer(values, "usage-events", 1_000_000),
                integer(values, "usage-customers", 1_000),
                integer(values, "usage-clients", 4),
                integer(values, "recovery-subscriptions", 100_000),
                "0".equals(values.get("recovery-burst"))
                        ? zero(values, "recovery-burst")
                        : integer(values, "recovery-burst", 0),
                integer(values, "partitions", 12),
                stackAsProcess(values.remove("stack")),
                url,
                values.remove("key"),
                values.remove("bootstrap"),
                values.remove("jdbc"),
                text(values, "db-user", "billing"),
                text(values, "db-password", "billing"),
                values.remove("admin-token"),
                path(values.remove("stack-jar")),
                values.remove("report"),
                bool(values, "baselines", true),
                chain,
                integer(values, "chain-blocks", 20),
                integer(values, "chain-transfers-per-block", 1000),
                integer(values, "chain-payments", 20));
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("unknown option(s) " + values.keySet());
        }
        options.check();
        return options;
    }

    private void check() {
        if (renewals > MAX_RENEWALS) {
            throw new IllegalArgumentException("--renewals must be at most " + MAX_RENEWALS + ", got " + renewals);
        }
        boolean external = url != null;
        if (external && (key == null || bootstrap == null || jdbcUrl == null)) {
            throw new IllegalArgumentException("--url needs --key, --bootstrap and --jdbc too");
        }
        if (!external && (key != null || bootstrap != null || jdbcUrl != null || adminToken != null)) {
            throw new IllegalArgumentException(
                    "--key, --bootstrap, --jdbc and --admin-token go with --url (a running stack)");
        }
        if (external && stackAsProcess) {
            throw new IllegalArgumentException("--stack process starts a stack of its own: leave out --url");
        }
        if (stackAsProcess && chain) {
            throw new IllegalArgumentException("--chain needs the stack in-process (--stack in-process)");
        }
        if (external && chain) {
            throw new IllegalArgumentException("--chain needs the stack started in-process (no --url)");
        }
        if (external && scenarios.contains(Scenario.RECOVERY)) {
            throw new IllegalArgumentException(
                    "--scenario recovery starts and kills a stack of its own: leave out --url");
        }
        for (var ownMerchant : List.of(Scenario.RENEWALS, Scenario.DASHBOARD, Scenario.USAGE)) {
            if (external && scenarios.contains(ownMerchant) && adminToken == null) {
                throw new IllegalArgumentException("--scenario " + ownMerchant.label()
                        + " with --url needs --admin-token (it makes a merchant of its own)");
            }
        }
    }

    boolean startsOwnStack() {
        return url == null;
    }

    /** Whether a scenario that runs against the in-process (or --url) stack is to run. */
    boolean needsStack() {
        return chain || scenarios.stream().anyMatch(scenario -> scenario != Scenario.RECOVERY && runs(scenario));
    }

    boolean runs(Scenario scenario) {
        return scenarios.contains(scenario) && (scenario != Scenario.WEBHOOKS || webhookEvents > 0);
    }

    private static boolean stackAsProcess(@Nullable String text) {
        if (text == null || text.equals("in-process")) {
            return false;
        }
        if (text.equals("process")) {
            return true;
        }
        throw new IllegalArgumentException("--stack takes in-process or process, got '" + text + "'");
    }

    private static int zero(Map<String, String> values, String name) {
        values.remove(name);
        return 0;
    }

    private static String text(Map<String, String> values, String name, String defaultValue) {
        var text = values.remove(name);
        return text == null ? defaultValue : text;
    }

    private static @Nullable Path path(@Nullable String text) {
        return text == null ? null : Path.of(text);
    }

    private static boolean bool(Map<String, String> values, String name, boolean defaultValue) {
        var text = values.remove(name);
        if (text == null) {
            return defaultValue;
        }
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("--" + name + " takes true or false, got '" + text + "'");
        };
    }

    private static int integer(Map<String, String> values, String name, int defaultValue) {
        var text = values.remove(name);
        return text == null ? defaultValue : positive(name, text, text);
    }

    private static List<Integer> integers(Map<String, String> values, String name, List<Integer> defaultValue) {
        var text = values.remove(name);
        if (text == null) {
            return defaultValue;
        }
        var out = new ArrayList<Integer>();
        for (var part : text.split(",", -1)) {
            out.add(positive(name, part.strip(), text));
        }
        return List.copyOf(out);
    }

    private static int positive(String name, String part, String whole) {
        try {
            int value = Integer.parseInt(part);
            if (value < 1) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a positive integer"
                    + (part.equals(whole) ? "" : " (or a comma-separated list)") + ", got '" + whole + "'");
        }
    }
}
