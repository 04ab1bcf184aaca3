package io.abk.billing.chain.domain.relay;

import java.math.BigInteger;
import java.time.Instant;

/**
 * What the chain says about an EIP-3009 transfer authorization before it is submitted: whether the token marks its
 * nonce used (or canceled) for the payer, the latest block's time, the authorization's window (Unix seconds), and the
 * payer's balance against the value.
 */
public record AuthorizationFacts(
        boolean used,
        Instant chainTime,
        long validAfter,
        long validBefore,
        BigInteger balance,
        BigInteger value,
        int decimals) {}
