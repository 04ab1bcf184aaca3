package io.abk.billing.streamskit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class ActiveRestorationsTest {

    private static final TopicPartition CHANGELOG = new TopicPartition("app-store-changelog", 2);

    private final ActiveRestorations restorations = new ActiveRestorations();

    @Test
    void shouldNameAStoreFromTheStartOfItsRestorationUntilItsEnd() {
        restorations.onRestoreStart(CHANGELOG, "store", 0, 100);
        restorations.onBatchRestored(CHANGELOG, "store", 50, 50);

        assertThat(restorations.now()).containsExactly("store app-store-changelog-2");

        restorations.onRestoreEnd(CHANGELOG, "store", 100);

        assertThat(restorations.now()).isEmpty();
    }

    @Test
    void shouldForgetARestorationSuspendedWhenItsTaskMovedAway() {
        restorations.onRestoreStart(CHANGELOG, "store", 0, 100);
        restorations.onRestoreStart(new TopicPartition("app-other-changelog", 0), "other", 0, 10);

        restorations.onRestoreSuspended(CHANGELOG, "store", 40);

        assertThat(restorations.now()).containsExactly("other app-other-changelog-0");
    }
}
