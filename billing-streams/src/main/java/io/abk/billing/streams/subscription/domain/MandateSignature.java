package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.RelayedSubmission;
import java.time.Instant;

/**
 * The latest signed mandate the checkout submitted for the customer (docs/architecture.md, "Subscribe by
 * signature"): who signed it, how many periods and until when it is valid, and where its submission through the
 * relayer stands. Its request id is {@code <subscriptionId>:mandate:<n>}.
 */
public record MandateSignature(String wallet, long periods, Instant deadline, RelayedSubmission submission) {

    /** The kind in the request id {@code <subscriptionId>:mandate:<n>}. */
    static final String REQUEST_KIND = "mandate";

    public String requestId(String subscriptionId) {
        return submission.requestId(subscriptionId, REQUEST_KIND);
    }

    public String resultCommandId(String subscriptionId) {
        return submission.resultCommandId(requestId(subscriptionId));
    }

    public MandateSignature withSubmission(RelayedSubmission submission) {
        return new MandateSignature(wallet, periods, deadline, submission);
    }
}
