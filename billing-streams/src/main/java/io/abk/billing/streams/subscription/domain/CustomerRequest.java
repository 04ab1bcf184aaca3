package io.abk.billing.streams.subscription.domain;

/**
 * What the customer signed in the customer portal, as the gateway received and checked it; the aggregate keeps its
 * kind and hands the rest to the relayer. Times are Unix seconds, values the token's base units (decimal strings), as
 * the chain reads them.
 */
public sealed interface CustomerRequest {

    /** The signer, the subscription's customer. */
    String wallet();

    long deadlineSeconds();

    CustomerActionKind kind();

    /** The vault's {@code CancelSubscription(ref, deadline)}, for its {@code cancelBySignature}. */
    record SignedCancel(String wallet, long deadlineSeconds, String signature) implements CustomerRequest {

        @Override
        public CustomerActionKind kind() {
            return CustomerActionKind.REVOKE;
        }
    }

    /** An EIP-2612 permit of the token for the vault, setting its allowance to {@code valueBaseUnits}. */
    record Permit(String wallet, String valueBaseUnits, long deadlineSeconds, String signature)
            implements CustomerRequest {

        @Override
        public CustomerActionKind kind() {
            return CustomerActionKind.RAISE_ALLOWANCE;
        }
    }
}
