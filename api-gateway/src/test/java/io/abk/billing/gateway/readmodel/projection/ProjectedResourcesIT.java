package io.abk.billing.gateway.readmodel.projection;

import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.awaitCaughtUp;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newGroup;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newId;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.readmodel.projection.ProjectedResources.Resource;
import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The in-memory read model against the real broker's group membership: it serves only while its projector holds
 * every partition of {@code billing.changes}, forgets everything the moment a second member takes a share, and
 * keeps serving while the group's coordinator answers the heartbeats.
 */
class ProjectedResourcesIT {

    private static final OutcomeListener NOBODY = OutcomeListener.NONE;

    @RegisterExtension
    static final ProjectorHarness harness = new ProjectorHarness("projected_resources_it");

    private final TestDatabase db = harness.db();

    @Test
    void shouldServeOnlyWhileItsProjectorHoldsEveryPartition() {
        var merchant = newMerchant();
        var subscription = newId(IdPrefix.SUBSCRIPTION);
        var invoice = newId(IdPrefix.INVOICE);
        var group = newGroup();
        var first = new ProjectedResources(10_000, System::nanoTime);
        harness.start(group, db, NOBODY, first);

        send(subscription, invoice, merchant, 1);
        awaitCaughtUp(group, db);
        await().atMost(Duration.ofSeconds(30)).until(first::serving);
        assertThat(first.find(subscription)).extracting(Resource::version).isEqualTo(1L);
        assertThat(first.find(invoice)).extracting(Resource::merchantId).isEqualTo(merchant);

        // A second member takes a share: the first forgets everything before the second can project anything.
        var second = new ProjectedResources(10_000, System::nanoTime);
        harness.start(group, db, NOBODY, second);
        await().atMost(Duration.ofSeconds(60)).until(() -> !first.serving() && first.size() == 0);
        assertThat(second.serving()).isFalse();

        send(subscription, invoice, merchant, 2);
        awaitCaughtUp(group, db);
        assertThat(first.find(subscription)).isNull();
        assertThat(second.find(subscription)).isNull();
        assertThat(db.count("SELECT version FROM subscriptions WHERE id = ?", subscription))
                .isEqualTo(2);
    }

    @Test
    void shouldKeepServingWhileTheCoordinatorAnswersItsHeartbeats() {
        var merchant = newMerchant();
        var subscription = newId(IdPrefix.SUBSCRIPTION);
        var group = newGroup();
        var resources = new ProjectedResources(10_000, System::nanoTime);
        harness.start(group, db, NOBODY, resources);
        send(subscription, newId(IdPrefix.INVOICE), merchant, 1);
        awaitCaughtUp(group, db);
        await().atMost(Duration.ofSeconds(30)).until(resources::serving);

        // Without heartbeat answers it would stop half a session (5 s) after its assignment.
        await().during(Duration.ofSeconds(8))
                .atMost(Duration.ofSeconds(12))
                .until(() -> resources.find(subscription) != null);
    }

    private void send(String subscription, String invoice, String merchant, long version) {
        harness.send(List.of(ChangeFixtures.accepted(
                newId(IdPrefix.COMMAND), subscription, invoice, merchant, Mode.TEST, version, "active")));
    }
}
