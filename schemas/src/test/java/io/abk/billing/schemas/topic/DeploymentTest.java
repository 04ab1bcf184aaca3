package io.abk.billing.schemas.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeploymentTest {

    /** Today's names, written out: a deployment without an id must keep exactly these, or its data is orphaned. */
    private static final List<String> TODAYS_NAMES = List.of(
            "billing.subscription-commands",
            "billing.payment-commands",
            "billing.payment-link-commands",
            "billing.changes",
            "billing.events",
            "chain.requests",
            "chain.results",
            "chain.transfers",
            "chain.watched-addresses",
            "chain.indexer-checkpoints",
            "billing.test-clocks",
            "webhooks.deliveries",
            "billing.streams-dlt",
            "chain.indexer-dlt",
            "usdt.intent-commands",
            "usdt.address-commands",
            "usdt.idempotency-commands",
            "usdt.command-outcomes",
            "usdt.events",
            "usdt.watched-addresses",
            "billing.customer-commands",
            "billing.coupon-commands",
            "billing.promotion-code-commands",
            "billing.invoice-number-commands",
            "billing.meter-events",
            "billing.usage-commands",
            "billing.usage-summaries");

    private static final WebhookRetryTopics RETRIES = new WebhookRetryTopics(List.of(Duration.ofMinutes(1)));

    @Test
    void anUnsetOrBlankIdIsTheDefaultDeploymentWithTodaysNames() {
        assertThat(Deployment.of(null)).isEqualTo(Deployment.DEFAULT);
        assertThat(Deployment.of("")).isEqualTo(Deployment.DEFAULT);
        assertThat(Deployment.of("  ")).isEqualTo(Deployment.DEFAULT);
        assertThat(Deployment.DEFAULT.prefix()).isEmpty();
        assertThat(Deployment.DEFAULT.name("billing-streams")).isEqualTo("billing-streams");
        assertThat(Topics.all().stream().map(topic -> topic.name(Deployment.DEFAULT)))
                .containsExactlyInAnyOrderElementsOf(TODAYS_NAMES);
        assertThat(WebhookRetryTopics.retry(Deployment.DEFAULT, 0)).isEqualTo("webhooks.deliveries-retry-0");
        assertThat(WebhookRetryTopics.deadLetters(Deployment.DEFAULT)).isEqualTo("webhooks.deliveries-dlt");
    }

    @Test
    void anIdPrefixesEveryCatalogAndRetryTopicWithItsIdAndADot() {
        var staging = Deployment.of("staging-2");
        assertThat(staging.prefix()).isEqualTo("staging-2.");
        for (var topic : Topics.all()) {
            assertThat(topic.name(staging)).isEqualTo("staging-2." + topic.baseName());
        }
        for (var topic : RETRIES.topics()) {
            assertThat(topic.name(staging)).isEqualTo("staging-2." + topic.baseName());
        }
        assertThat(WebhookRetryTopics.retry(staging, 0)).isEqualTo("staging-2.webhooks.deliveries-retry-0");
        assertThat(WebhookRetryTopics.deadLetters(staging)).isEqualTo("staging-2.webhooks.deliveries-dlt");
        assertThat(staging.name("chain-indexer-follower-31337")).isEqualTo("staging-2.chain-indexer-follower-31337");
    }

    @Test
    void twoIdsNeverShareAPrefixSoAnAclByPrefixCoversOneDeployment() {
        // Protects against '-' as separator: "prod-eu-..." would then start with deployment "prod"'s prefix.
        var prod = Deployment.of("prod");
        var prodEu = Deployment.of("prod-eu");
        assertThat(prodEu.name("billing-streams")).doesNotStartWith(prod.prefix());
        assertThat(Topics.CHANGES.name(prodEu)).doesNotStartWith(prod.prefix());
    }

    @Test
    void anIdThatIsNotShortLowerCaseLettersDigitsAndDashesIsRefusedNamingTheVariable() {
        for (var bad : List.of("Prod", "prod.eu", "prod_eu", "-prod", "prod-", "pröd", "a".repeat(33))) {
            assertThatThrownBy(() -> Deployment.of(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("BILLING_DEPLOYMENT_ID");
        }
        assertThat(Deployment.of("a".repeat(32)).id()).hasSize(32);
        assertThat(Deployment.of(" qa1 ").id()).isEqualTo("qa1");
    }
}
