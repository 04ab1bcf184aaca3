package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.render.ApiNamed;

/**
 * What a customer asked of the chain from the customer portal, through the platform's relayer: revoke the mandate
 * (the vault's {@code cancelBySignature}) or raise the vault's allowance (the token's EIP-2612 {@code permit}). Its
 * request ids are {@code <subscriptionId>:<requestKind>:<n>}.
 */
public enum CustomerActionKind implements ApiNamed {
    REVOKE("cancel"),
    RAISE_ALLOWANCE("permit");

    private final String requestKind;

    CustomerActionKind(String requestKind) {
        this.requestKind = requestKind;
    }

    /** The kind in the request id: {@code cancel} or {@code permit}. */
    public String requestKind() {
        return requestKind;
    }

    public static CustomerActionKind fromApiName(String apiName) {
        return ApiNamed.parse(CustomerActionKind.class, apiName, "unknown customer action: ");
    }
}
