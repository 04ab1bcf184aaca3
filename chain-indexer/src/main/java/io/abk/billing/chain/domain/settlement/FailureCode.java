package io.abk.billing.chain.domain.settlement;

/**
 * Why a settlement failed, as the API shows it in {@code invoice.failureCode} (DESIGN section 7). Settlement
 * produces only these; {@code MANDATE_INACTIVE} is decided by billing-streams before a request is ever made, and
 * {@code ALLOWANCE_TOO_LOW} arrives with the chain relayer.
 */
public enum FailureCode {
    INSUFFICIENT_BALANCE,
    ALLOWANCE_REVOKED,
    RELAYER_ERROR
}
