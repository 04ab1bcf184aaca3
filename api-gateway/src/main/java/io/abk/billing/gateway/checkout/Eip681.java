package io.abk.billing.gateway.checkout;

import java.math.BigInteger;

/**
 * A payment as an EIP-681 URI, what a phone wallet opens from a QR code: the token's {@code transfer} to the payout
 * address of the exact amount in base units, on the chain named by its id, so a wallet on another device pays
 * precisely what the page asks and the indexer sees it as any other transfer.
 */
final class Eip681 {

    private Eip681() {}

    /** {@code ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<base units>}. */
    static String transfer(String token, long chainId, String to, BigInteger baseUnits) {
        if (baseUnits.signum() <= 0) {
            throw new IllegalArgumentException("an EIP-681 transfer needs a positive amount, not " + baseUnits);
        }
        return "ethereum:" + token + "@" + chainId + "/transfer?address=" + to + "&uint256=" + baseUnits;
    }
}
