package io.abk.billing.localstack.topics;

import io.abk.billing.topics.ProvisionReport;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import java.time.Duration;
import java.util.HashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The topics step of the local stack: every topic of the catalog and every webhook retry topic, with
 * {@code BILLING_PARTITIONS} partitions and one replica (one broker), the webhook schedule and per-topic overrides read
 * from the environment like {@code ./billing topics} reads them. What the step cannot fix on a kept data directory (a
 * changed partition count) is logged as a warning and the topics are left as they are: the services run on them.
 */
public final class StackTopics {

    private static final Logger log = LoggerFactory.getLogger(StackTopics.class);

    private StackTopics() {}

    public static ProvisionReport provision(String bootstrapServers, int partitions, Duration timeout) {
        var env = new HashMap<>(System.getenv());
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", bootstrapServers);
        env.put("BILLING_PARTITIONS", Integer.toString(partitions));
        env.put("BILLING_REPLICATION_FACTOR", "1");
        env.put("BILLING_MIN_INSYNC_REPLICAS", "1");
        var report = TopicProvisioner.run(
                bootstrapServers, TopicsSettings.fromEnv(env).plan(), TopicProvisioner.Options.apply(timeout));
        report.problems().forEach(problem -> log.warn("topic left as is: {}", problem));
        log.info(
                "topics ready count={} created={} updated={}",
                report.entries().size(),
                report.topics(ProvisionReport.Outcome.CREATED).size(),
                report.topics(ProvisionReport.Outcome.UPDATED).size());
        return report;
    }
}
