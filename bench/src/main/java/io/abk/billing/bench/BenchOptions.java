package io.abk.billing.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a run does, from {@code --name value} arguments: the fixed rate the bar is judged on, how long each phase
 * warms up and measures, how many clients the saturation phase uses, and optionally an already running stack to
 * measure instead of starting one in-process.
 */
record BenchOptions(
        int rate,
        Duration warmup,
        Duration duration,
        int clients,
        int partitions,
        @Nullable String url,
        @Nullable String key,
        @Nullable String bootstrap,
        @Nullable String jdbcUrl,
        String dbUser,
        String dbPassword,
        @Nullable String report,
        boolean baselines,
        int webhookEvents,
        boolean chain,
        int chainBlocks,
        int chainTransfersPerBlock,
        int chainPayments) {

    static final String USAGE = """
            usage: ./billing bench [--rate 500] [--warmup 60] [--duration 30] [--clients 64] [--partitions 12]
                                   [--report path.md] [--baselines true|false] [--webhook-events 5000 (0: skip)]
                                   [--chain [--chain-blocks 20] [--chain-transfers-per-block 1000]
                                            [--chain-payments 20]]  (the stack on a local anvil chain, and the
                                            chain phase: follower throughput and confirmation latency)
                   against a running stack instead of one started in-process:
                                   --url http://localhost:8080 --key abk_test_... --bootstrap 127.0.0.1:19092
                                   --jdbc jdbc:postgresql://127.0.0.1:15432/billing [--db-user billing --db-password billing]
            """;

    static BenchOptions parse(String[] args) {
        var values = new HashMap<String, String>();
        boolean chain = false;
        for (int i = 0; i < args.length; i++) {
            if ("--chain".equals(args[i])) {
                chain = true;
                continue;
            }
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("unexpected argument '" + args[i] + "'\n" + USAGE);
            }
            values.put(args[i].substring(2), args[++i]);
        }
        var options = new BenchOptions(
                integer(values, "rate", 500),
                Duration.ofSeconds(integer(values, "warmup", 60)),
                Duration.ofSeconds(integer(values, "duration", 30)),
                integer(values, "clients", 64),
                integer(values, "partitions", 12),
                values.remove("url"), values.remove("key"), values.remove("bootstrap"), values.remove("jdbc"),
                values.getOrDefault("db-user", "billing"), values.getOrDefault("db-password", "billing"),
                values.remove("report"),
                !"false".equals(values.remove("baselines")),
                "0".equals(values.get("webhook-events")) ? zero(values, "webhook-events") : integer(values, "webhook-events", 5000),
                chain,
                integer(values, "chain-blocks", 20),
                integer(values, "chain-transfers-per-block", 1000),
                integer(values, "chain-payments", 20));
        values.remove("db-user");
        values.remove("db-password");
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("unknown option(s) " + values.keySet() + "\n" + USAGE);
        }
        boolean external = options.url != null;
        if (external && (options.key == null || options.bootstrap == null || options.jdbcUrl == null)) {
            throw new IllegalArgumentException("--url needs --key, --bootstrap and --jdbc too\n" + USAGE);
        }
        if (external && options.chain) {
            throw new IllegalArgumentException("--chain needs the stack started in-process (no --url)\n" + USAGE);
        }
        return options;
    }

    boolean startsOwnStack() {
        return url == null;
    }

    private static int zero(Map<String, String> values, String name) {
        values.remove(name);
        return 0;
    }

    private static int integer(Map<String, String> values, String name, int defaultValue) {
        var text = values.remove(name);
        if (text == null) {
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(text);
            if (value < 1) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a positive integer, got '" + text + "'\n" + USAGE);
        }
    }
}
