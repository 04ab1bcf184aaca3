package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class HeldDeliveriesTest {

    private static final TopicPartition MAIN_0 =
            new TopicPartition(Topics.WEBHOOK_DELIVERIES.name(Deployment.DEFAULT), 0);
    private static final TopicPartition RETRY_1 =
            new TopicPartition(WebhookRetryTopics.retry(Deployment.DEFAULT, 0), 1);
    private static final WebhookDelivery DELIVERY = new WebhookDelivery();

    @Test
    void shouldRefuseToHoldMoreWhenTheBoundIsReached() {
        // Protects memory: past the bound the loop stops reading until held deliveries start (or are deferred).
        var held = new HeldDeliveries();
        var offsets = new PartitionOffsets();
        for (int i = 0; i < HeldDeliveries.MAX; i++) {
            assertThat(held.isFull()).isFalse();
            assertThat(held.hold(held(MAIN_0, offsets, i))).isTrue();
        }

        assertThat(held.isFull()).isTrue();
        assertThat(held.hold(held(MAIN_0, offsets, HeldDeliveries.MAX))).isFalse();
        assertThat(held.size()).isEqualTo(HeldDeliveries.MAX);
    }

    @Test
    void shouldForgetOnlyTheRevokedPartitionsDeliveriesWhenARebalanceTakesThem() {
        var held = new HeldDeliveries();
        held.hold(held(MAIN_0, new PartitionOffsets(), 1));
        held.hold(held(RETRY_1, new PartitionOffsets(), 2));

        held.forget(List.of(MAIN_0));

        assertThat(held).extracting(HeldDeliveries.Held::partition).containsExactly(RETRY_1);
    }

    @Test
    void shouldKeepTheCommitBelowEveryHeldDeliveryWhenTheLoopStops() {
        // Protects at-least-once on shutdown: a held delivery was never attempted, so it must be read again.
        var held = new HeldDeliveries();
        var offsets = new PartitionOffsets();
        offsets.started(40);
        offsets.started(41);
        held.hold(held(MAIN_0, offsets, 41));
        offsets.started(42);
        offsets.settled(40);
        offsets.settled(42);

        held.abandonAll();

        assertThat(held.isEmpty()).isTrue();
        assertThat(offsets.inFlight()).isZero();
        assertThat(offsets.toCommit()).isEqualTo(41);
    }

    private static HeldDeliveries.Held held(TopicPartition partition, PartitionOffsets offsets, long offset) {
        var record = new ConsumerRecord<String, byte[]>(
                partition.topic(), partition.partition(), offset, "we_1", new byte[0]);
        return new HeldDeliveries.Held(partition, offsets, record, DELIVERY, 1);
    }
}
