package io.abk.billing.usdt.domain.match;

import java.math.BigInteger;

/** One {@code Transfer} log of the configured token: lower-case 0x addresses, the amount in the token's base units. */
public record ObservedTransfer(int logIndex, String fromAddress, String toAddress, BigInteger amountBaseUnits) {

    public ObservedTransfer {
        if (amountBaseUnits.signum() < 0) {
            throw new IllegalArgumentException("a transfer amount cannot be negative: " + amountBaseUnits);
        }
    }
}
