package io.abk.billing.streams.payment.domain;

import io.abk.billing.streams.shared.domain.RelayedSubmission;

/**
 * The latest EIP-3009 transfer authorization the checkout submitted for the payment (docs/architecture.md, "Pay by
 * signature"): who signed it and where its submission through the relayer stands. Its request id is
 * {@code <paymentId>:authorization:<n>}. It never pays the payment: the transfer seen on chain does.
 */
public record TransferAuthorization(String fromAddress, RelayedSubmission submission) {

    /** The kind in the request id {@code <paymentId>:authorization:<n>}. */
    static final String REQUEST_KIND = "authorization";

    public String requestId(String paymentId) {
        return submission.requestId(paymentId, REQUEST_KIND);
    }

    public String resultCommandId(String paymentId) {
        return submission.resultCommandId(requestId(paymentId));
    }

    public TransferAuthorization withSubmission(RelayedSubmission submission) {
        return new TransferAuthorization(fromAddress, submission);
    }
}
