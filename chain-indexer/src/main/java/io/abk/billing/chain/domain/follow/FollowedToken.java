package io.abk.billing.chain.domain.follow;

import io.abk.billing.contracts.EvmHex;

/** A token whose {@code Transfer} logs the follower reads: its symbol for messages, contract address and decimals. */
public record FollowedToken(String symbol, String address, int decimals) {

    public FollowedToken {
        if (symbol.isBlank()) {
            throw new IllegalArgumentException("token symbol must not be blank");
        }
        address = EvmHex.address(address, "token address of " + symbol);
        if (decimals < 0 || decimals > 36) {
            throw new IllegalArgumentException("token decimals must be within 0..36, was " + decimals);
        }
    }
}
