package io.abk.billing.contracts;

/**
 * A subscription's on-chain reference: keccak256 of the UTF-8 bytes of the billing service's subscription id, so the
 * reference is known before the customer signs and a {@code Subscribed} event names the subscription by itself.
 */
public final class SubscriptionRef {

    private SubscriptionRef() {}

    /** {@code 0x} and 64 lower-case hex digits. */
    public static String of(String subscriptionId) {
        return Abi.keccakUtf8(subscriptionId);
    }
}
