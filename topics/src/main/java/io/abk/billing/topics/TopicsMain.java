package io.abk.billing.topics;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.topics.TopicProvisioner.Action;
import io.abk.billing.topics.TopicProvisioner.Options;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The topics step as a program ({@code ./billing topics}, the topics container): {@code apply} (the default) creates
 * what is missing and sets what differs, {@code check} only compares; {@code --grow-partitions} lets {@code apply}
 * grow topics to the planned partition count. It prints one line a topic and exits 0 when the layout is right, 1 when
 * a problem is left (named in the output) or Kafka could not be reached within {@code BILLING_TOPICS_TIMEOUT} (60 s,
 * each call), 2 on a bad setting or argument.
 */
public final class TopicsMain {

    static final String USAGE = "usage: topics [apply|check] [--grow-partitions]";
    /** Each admin call, and the wait for new partitions' leaders: a broker being started takes some seconds. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private TopicsMain() {}

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        Options options;
        TopicsSettings config;
        KafkaClientSecurity security;
        try {
            options = options(List.of(args), timeout(env));
            config = TopicsSettings.fromEnv(env);
            security = KafkaClientSecurity.fromEnv(new Env(env));
        } catch (IllegalArgumentException e) {
            err.println("topics: " + e.getMessage());
            return 2;
        }
        out.printf(
                "topics: %s on %s (%s, partitions %d, replication factor %d, min.insync.replicas %d, %d retry"
                        + " topics)%n",
                options.action().name().toLowerCase(),
                config.bootstrapServers(),
                config.deployment().isDefault()
                        ? "default deployment"
                        : "deployment " + config.deployment().id() + ", names "
                                + config.deployment().prefix() + "*",
                config.partitions(),
                config.replicationFactor(),
                config.minInsyncReplicas(),
                config.webhookRetries().retryTopicCount());
        ProvisionReport report;
        try {
            report = TopicProvisioner.run(config.bootstrapServers(), security, config.plan(), options);
        } catch (RuntimeException e) {
            err.println("topics: " + e.getMessage());
            return 1;
        }
        out.println(report.format());
        if (!report.ok()) {
            err.println("topics: " + report.problems().size() + " problem(s) left; see the notes above");
            return 1;
        }
        out.println("topics: layout ok");
        return 0;
    }

    static Duration timeout(Map<String, String> env) {
        var value = env.get("BILLING_TOPICS_TIMEOUT");
        var timeout = value == null || value.isBlank()
                ? DEFAULT_TIMEOUT
                : DurationText.parse("BILLING_TOPICS_TIMEOUT", value);
        if (timeout.toMillis() < 1_000) {
            throw new IllegalArgumentException("BILLING_TOPICS_TIMEOUT must be at least 1s, was '" + value + "'");
        }
        return timeout;
    }

    static Options options(List<String> args) {
        return options(args, DEFAULT_TIMEOUT);
    }

    static Options options(List<String> args, Duration timeout) {
        var action = Action.APPLY;
        var grow = false;
        for (var arg : args) {
            switch (arg) {
                case "apply" -> action = Action.APPLY;
                case "check" -> action = Action.CHECK;
                case "--grow-partitions" -> grow = true;
                default -> throw new IllegalArgumentException("unknown argument '" + arg + "'; " + USAGE);
            }
        }
        if (grow && action == Action.CHECK) {
            throw new IllegalArgumentException("--grow-partitions only goes with apply; " + USAGE);
        }
        return new Options(action, grow, timeout);
    }
}
