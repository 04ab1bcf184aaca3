package io.abk.billing.gateway.readmodel.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.config.CommandsProperties;
import io.abk.billing.gateway.readmodel.projection.ProjectedResources.Resource;
import io.abk.billing.gateway.readmodel.projection.ProjectionBatch.SnapshotRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What the in-memory read model answers, keeps and forgets, on a clock the test moves. */
class ProjectedResourcesTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final ProjectedResources resources = new ProjectedResources(1_000, now::get);

    @Test
    void shouldAnswerNothingUntilTheProjectorLetsItServeAndStopAtTheDeadline() {
        resources.put(batch(row("sub_a", 1)));
        assertThat(resources.find("sub_a")).isNull();

        resources.serveUntil(now.get() + Duration.ofSeconds(5).toNanos());
        assertThat(resources.find("sub_a"))
                .isNotNull()
                .extracting(Resource::version)
                .isEqualTo(1L);

        now.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(resources.serving()).isFalse();
        assertThat(resources.find("sub_a")).isNull();
    }

    @Test
    void shouldNeverGoBackToAnOlderVersion() {
        serve();
        resources.put(batch(row("sub_a", 3)));
        resources.put(batch(row("sub_a", 2)));
        resources.fill("sub_a", resources.stamp("sub_a"), resource(1));

        assertThat(resources.find("sub_a")).extracting(Resource::version).isEqualTo(3L);
    }

    @Test
    void shouldNotKeepADatabaseReadThatTheProjectorOvertook() {
        serve();
        long stamp = resources.stamp("sub_a");
        // The read saw version 1 in the table; meanwhile the projector put version 2 and it was pushed out.
        resources.put(batch(row("sub_a", 2)));
        resources.stopServing();
        serve();
        resources.fill("sub_a", stamp, resource(1));

        assertThat(resources.find("sub_a")).isNull();

        resources.fill("sub_a", resources.stamp("sub_a"), resource(2));
        assertThat(resources.find("sub_a")).extracting(Resource::version).isEqualTo(2L);
    }

    @Test
    void shouldNotKeepADatabaseReadThatOverlappedAStopEvenOnceServingAgain() {
        serve();
        long stamp = resources.stamp("sub_a");
        // The read saw version 1; meanwhile this member lost a partition and got everything back, and another member
        // projected version 2 in between, which this one never saw.
        resources.stopServing();
        serve();
        resources.fill("sub_a", stamp, resource(1));

        assertThat(resources.find("sub_a")).isNull();
    }

    @Test
    void shouldKeepNothingFilledWhileNotServing() {
        resources.fill("sub_a", resources.stamp("sub_a"), resource(1));
        serve();

        assertThat(resources.find("sub_a")).isNull();
    }

    @Test
    void shouldForgetEverythingWhenItStopsServing() {
        serve();
        resources.put(batch(row("sub_a", 1), row("inv_b", 1)));
        resources.stopServing();
        serve();

        assertThat(resources.find("sub_a")).isNull();
        assertThat(resources.find("inv_b")).isNull();
        assertThat(resources.size()).isZero();
    }

    @Test
    void shouldStayWithinItsBoundAndKeepEachPutRowForHalfOfIt() {
        serve();
        for (int i = 0; i < 5_000; i++) {
            resources.put(batch(row("sub_" + i, 1)));
            assertThat(resources.size()).isLessThanOrEqualTo(1_000);
            int youngest = Math.max(0, i - 499);
            assertThat(resources.find("sub_" + youngest))
                    .as("row %d after row %d", youngest, i)
                    .isNotNull();
        }
    }

    @Test
    void shouldKeepNothingAndNeverServeWithNoRoom() {
        var none = ProjectedResources.none();
        none.serveUntil(Long.MAX_VALUE);
        none.put(batch(row("sub_a", 1)));

        assertThat(none.serving()).isFalse();
        assertThat(none.size()).isZero();
    }

    @Test
    void shouldRefuseAReadCacheThatABatchCouldPushItsOwnRowsOutOf() {
        assertThatThrownBy(() -> properties(1000, 3999))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("read-cache-max-entries must be 0 or 4000..10000000");
        assertThat(properties(1000, 4000).readCacheMaxEntries()).isEqualTo(4000);
        assertThat(properties(1000, 0).readCacheMaxEntries()).isZero();
    }

    private void serve() {
        resources.serveUntil(now.get() + Duration.ofSeconds(5).toNanos());
    }

    private static Resource resource(long version) {
        return new Resource("mer_x", "test", version, "{\"version\":" + version + "}");
    }

    private static SnapshotRow row(String id, long version) {
        return new SnapshotRow(
                id, null, "mer_x", "test", "active", version, Instant.EPOCH, null, "{\"version\":" + version + "}");
    }

    private static ProjectionBatch batch(SnapshotRow... rows) {
        var subscriptions = new ArrayList<SnapshotRow>();
        var invoices = new ArrayList<SnapshotRow>();
        for (var row : rows) {
            (row.id().startsWith("inv_") ? invoices : subscriptions).add(row);
        }
        return new ProjectionBatch(
                subscriptions,
                invoices,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                List.of(),
                0);
    }

    private static CommandsProperties properties(int maxBatch, int readCacheMaxEntries) {
        return new CommandsProperties(
                true,
                null,
                null,
                null,
                maxBatch,
                Duration.ofMillis(200),
                readCacheMaxEntries,
                null,
                Duration.ofSeconds(30),
                Duration.ofHours(24),
                Duration.ofDays(7),
                Duration.ofMinutes(10),
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                5000);
    }
}
