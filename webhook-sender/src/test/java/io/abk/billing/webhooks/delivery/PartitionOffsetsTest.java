package io.abk.billing.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PartitionOffsetsTest {

    @Test
    void shouldCommitOnlyUpToTheLowestAttemptInFlightWhenLaterOnesFinishFirst() {
        // Protects against losing a slow delivery: committing past it would skip it after a crash.
        var offsets = new PartitionOffsets();
        offsets.started(10);
        offsets.started(11);
        offsets.started(12);

        offsets.settled(11);
        offsets.settled(12);

        assertThat(offsets.toCommit()).isEqualTo(10);
        offsets.committed(10);
        assertThat(offsets.toCommit()).as("nothing moved").isEqualTo(-1);
        offsets.settled(10);
        assertThat(offsets.toCommit()).isEqualTo(13);
    }

    @Test
    void shouldCommitTheRewoundOffsetWhenARecordIsNotDueYet() {
        var offsets = new PartitionOffsets();
        offsets.started(5);
        offsets.rewoundTo(6);
        offsets.settled(5);

        assertThat(offsets.toCommit()).isEqualTo(6);
        assertThat(offsets.inFlight()).isZero();
    }

    @Test
    void shouldNeverCommitPastAnAbandonedRecordWhenLaterOnesSettle() {
        // Protects a delivery held for its endpoint when the loop stops: it is read again after a restart, not lost.
        var offsets = new PartitionOffsets();
        offsets.started(20);
        offsets.started(21);
        offsets.started(22);

        offsets.abandoned(21);
        offsets.settled(20);
        offsets.settled(22);

        assertThat(offsets.inFlight()).isZero();
        assertThat(offsets.toCommit()).isEqualTo(21);
    }

    @Test
    void shouldCommitNothingWhenNoRecordWasRead() {
        assertThat(new PartitionOffsets().toCommit()).isEqualTo(-1);
    }
}
