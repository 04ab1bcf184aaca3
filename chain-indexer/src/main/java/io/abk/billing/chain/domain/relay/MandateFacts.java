package io.abk.billing.chain.domain.relay;

import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.SubscribeAuthorization;
import java.math.BigInteger;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What the chain says about a signed mandate before it is submitted: the vault's subscription for the terms'
 * reference (null: none), whether the terms' nonce is used, the latest block's time, and the customer's balance
 * against the first charge (null: the transaction charges nothing).
 */
public record MandateFacts(
        SubscribeAuthorization terms,
        @Nullable OnChainSubscription existing,
        boolean nonceUsed,
        Instant chainTime,
        BigInteger balance,
        @Nullable BigInteger firstCharge,
        int decimals) {}
