package io.abk.billing.streams.shared.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.shared.domain.RelayerOutcome.NotSubmitted;
import io.abk.billing.streams.shared.domain.RelayerOutcome.Submitted;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One signature of the customer's that an aggregate handed to the relayer (a signed mandate, a transfer
 * authorization), and what became of it. The {@code number}-th of an aggregate has the request id
 * {@code <aggregateId>:<kind>:<number>}; its answer arrives as the command {@link #resultCommandId}, derived from the
 * request id and the submission's time, so a reprocessed command asks for the same answer.
 */
public record RelayedSubmission(
        int number,
        SubmissionStatus status,
        Instant submittedAt,
        @Nullable String txHash,
        @Nullable RelayerGas gas,
        @Nullable String failureCode,
        @Nullable String failureMessage) {

    public RelayedSubmission {
        if (number < 1) {
            throw new IllegalArgumentException("submissions are numbered from 1, was " + number);
        }
        var consistent = switch (status) {
            case PENDING -> txHash == null && gas == null && failureCode == null && failureMessage == null;
            case SUBMITTED -> txHash != null && failureCode == null && failureMessage == null;
            case FAILED -> txHash == null && failureCode != null && failureMessage != null;
        };
        if (!consistent) {
            throw new IllegalArgumentException("a " + status.apiName() + " submission with txHash=" + txHash + " gas="
                    + gas + " failureCode=" + failureCode);
        }
    }

    /** Submission {@code number}, sent to the relayer at {@code submittedAt}. */
    public static RelayedSubmission pending(int number, Instant submittedAt) {
        return new RelayedSubmission(number, SubmissionStatus.PENDING, submittedAt, null, null, null, null);
    }

    public boolean isPending() {
        return status == SubmissionStatus.PENDING;
    }

    /** {@code <aggregateId>:<kind>:<number>}, e.g. {@code sub_1:mandate:2}. */
    public String requestId(String aggregateId, String kind) {
        return aggregateId + ":" + kind + ":" + number;
    }

    /** The command id the relayer's answer to {@code requestId} must carry. */
    public String resultCommandId(String requestId) {
        return Ids.derivedId(IdPrefix.COMMAND, submittedAt, "settle:" + requestId);
    }

    /** The relayer's answer applied: submitted with its transaction, or failed with its code. */
    public RelayedSubmission settled(RelayerOutcome outcome) {
        if (!isPending()) {
            throw new IllegalStateException("submission " + number + " is " + status.apiName() + " already");
        }
        return switch (outcome) {
            case Submitted s ->
                new RelayedSubmission(number, SubmissionStatus.SUBMITTED, submittedAt, s.txHash(), s.gas(), null, null);
            case NotSubmitted n ->
                new RelayedSubmission(
                        number,
                        SubmissionStatus.FAILED,
                        submittedAt,
                        null,
                        n.gas(),
                        n.failureCode(),
                        n.failureMessage());
        };
    }
}
