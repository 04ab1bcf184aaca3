package io.abk.billing.streams.shared.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * Where a customer's signature handed to the relayer stands: pending until the relayer answers, then submitted (its
 * transaction was mined) or failed (not sent, or reverted).
 */
public enum SubmissionStatus implements ApiNamed {
    PENDING,
    SUBMITTED,
    FAILED;

    public static SubmissionStatus fromApiName(String apiName) {
        return ApiNamed.parse(SubmissionStatus.class, apiName, "unknown submission status: ");
    }
}
