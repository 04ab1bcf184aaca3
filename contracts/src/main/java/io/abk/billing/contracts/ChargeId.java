package io.abk.billing.contracts;

/**
 * A charge's id on chain: keccak256 of the UTF-8 bytes of the invoice id. The vault accepts each id once ever, so an
 * invoice is never paid twice, even when the relayer crashes after sending and sends again.
 */
public final class ChargeId {

    private ChargeId() {}

    /** {@code 0x} and 64 lower-case hex digits. */
    public static String of(String invoiceId) {
        return Abi.keccakUtf8(invoiceId);
    }
}
