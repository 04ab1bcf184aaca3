package io.abk.billing.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import io.abk.billing.streams.usage.UsageNodes;
import io.abk.billing.streams.usage.UsageSettings;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription.Node;
import org.apache.kafka.streams.TopologyDescription.Processor;
import org.apache.kafka.streams.TopologyDescription.Source;
import org.junit.jupiter.api.Test;

/**
 * The topology's store and node names, which {@code CommandNodes} makes from each aggregate's name. Protects against
 * a rename by accident: a renamed store is a new, empty one (its changelog topic carries the name).
 */
class BillingTopologyNamesTest {

    @Test
    void shouldNameEveryStoreAndNodeAsBeforeWhenBuilt() {
        var nodes = new TreeSet<String>();
        var stores = new TreeSet<String>();
        collect(BillingTopology.build(Deployment.DEFAULT, DunningPolicy.DEFAULT, PaymentPolicy.DEFAULT), nodes, stores);

        assertThat(stores)
                .isEqualTo(Set.of(
                        "subscription-aggregates",
                        "subscription-processed-commands",
                        "subscription-settled-invoices",
                        "payment-aggregates",
                        "payment-processed-commands",
                        "payment-link-aggregates",
                        "payment-link-processed-commands",
                        "customer-aggregates",
                        "customer-processed-commands",
                        "coupon-aggregates",
                        "coupon-processed-commands",
                        "promotion-code-aggregates",
                        "promotion-code-processed-commands",
                        "invoice-numbering",
                        "invoice-numbering-processed-commands"));
        assertThat(nodes)
                .isEqualTo(Set.of(
                        "subscription-commands-source",
                        "subscription-command-processor",
                        "subscription-changes-sink",
                        "subscription-events-sink",
                        "subscription-chain-requests-sink",
                        "subscription-customers-sink",
                        "subscription-usage-commands-sink",
                        "payment-commands-source",
                        "payment-command-processor",
                        "payment-changes-sink",
                        "payment-events-sink",
                        "payment-chain-requests-sink",
                        "payment-link-conversions-sink",
                        "payment-watched-addresses-sink",
                        "payment-customers-sink",
                        "payment-link-commands-source",
                        "payment-link-command-processor",
                        "payment-link-changes-sink",
                        "payment-link-mints-sink",
                        "customer-commands-source",
                        "customer-command-processor",
                        "customer-changes-sink",
                        "customer-events-sink",
                        "coupon-commands-source",
                        "coupon-command-processor",
                        "coupon-changes-sink",
                        "coupon-events-sink",
                        "coupon-subscriptions-sink",
                        "coupon-promotion-codes-sink",
                        "promotion-code-commands-source",
                        "promotion-code-command-processor",
                        "promotion-code-changes-sink",
                        "promotion-code-events-sink",
                        "promotion-code-coupons-sink",
                        "subscription-invoice-numbers-sink",
                        "invoice-number-commands-source",
                        "invoice-number-processor",
                        "invoice-number-finalizations-sink"));
    }

    @Test
    void shouldNameTheUsageTopologysStoresAndNodesAsBeforeWhenBuilt() {
        var nodes = new TreeSet<String>();
        var stores = new TreeSet<String>();
        collect(BillingTopology.usage(Deployment.DEFAULT, UsageSettings.DEFAULT), nodes, stores);

        assertThat(stores).isEqualTo(Set.of("usage-state", "usage-identifiers", "usage-processed-commands"));
        assertThat(nodes)
                .isEqualTo(Set.of(
                        "usage-meter-events-source",
                        "usage-commands-source",
                        "usage-processor",
                        "usage-recordings-sink",
                        "usage-summaries-sink"));
    }

    /**
     * The usage processor left the aggregates' application: their task ids (sub-topology, then partition), and so
     * their state directories, stay what they were: the usage sub-topology was the last one (7), so the others keep
     * their numbers, and the earlier build's usage task directories are left to Kafka Streams' cleaner.
     */
    @Test
    void shouldKeepTheAggregatesTaskIdsWhenTheUsageProcessorLeavesTheirApplication() {
        var before = BillingTopology.build(Deployment.DEFAULT, DunningPolicy.DEFAULT, PaymentPolicy.DEFAULT);
        UsageNodes.DEFAULT.addTo(before, Deployment.DEFAULT, UsageSettings.DEFAULT);
        var after = BillingTopology.build(Deployment.DEFAULT, DunningPolicy.DEFAULT, PaymentPolicy.DEFAULT);

        var ids = subtopologyIds(before);
        ids.remove(UsageNodes.DEFAULT.meterEventsSource());
        ids.remove(UsageNodes.DEFAULT.commandsSource());
        assertThat(subtopologyIds(after)).isEqualTo(ids).hasSize(7);
    }

    /** Each source node's sub-topology id. */
    private static Map<String, Integer> subtopologyIds(Topology topology) {
        var ids = new HashMap<String, Integer>();
        topology.describe().subtopologies().forEach(subtopology -> {
            for (Node node : subtopology.nodes()) {
                if (node instanceof Source) {
                    ids.put(node.name(), subtopology.id());
                }
            }
        });
        return ids;
    }

    private static void collect(Topology topology, Set<String> nodes, Set<String> stores) {
        topology.describe().subtopologies().forEach(subtopology -> {
            for (Node node : subtopology.nodes()) {
                nodes.add(node.name());
                if (node instanceof Processor processor) {
                    stores.addAll(processor.stores());
                }
            }
        });
    }
}
