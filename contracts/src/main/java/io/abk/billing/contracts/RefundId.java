package io.abk.billing.contracts;

/**
 * A refund's id on chain: keccak256 of the UTF-8 bytes of the refund request id; the vault accepts each id once ever.
 */
public final class RefundId {

    private RefundId() {}

    /** {@code 0x} and 64 lower-case hex digits. */
    public static String of(String refundRequestId) {
        return Abi.keccakUtf8(refundRequestId);
    }
}
