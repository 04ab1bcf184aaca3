package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.RelayedSubmission;

/**
 * One action the customer signed in the customer portal and the platform's relayer submits (docs/architecture.md,
 * "Customer portal"): its kind and where its submission stands. Its request id is
 * {@code <subscriptionId>:cancel:<n>} or {@code <subscriptionId>:permit:<n>}, {@code n} counting that kind.
 */
public record CustomerAction(CustomerActionKind kind, RelayedSubmission submission) {

    public String requestId(String subscriptionId) {
        return submission.requestId(subscriptionId, kind.requestKind());
    }

    public String resultCommandId(String subscriptionId) {
        return submission.resultCommandId(requestId(subscriptionId));
    }

    public CustomerAction withSubmission(RelayedSubmission submission) {
        return new CustomerAction(kind, submission);
    }
}
