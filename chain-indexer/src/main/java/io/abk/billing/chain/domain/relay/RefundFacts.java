package io.abk.billing.chain.domain.relay;

import io.abk.billing.contracts.OnChainSubscription;
import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * What the chain says before a refund, read at the latest block.
 *
 * @param amount the refund in token base units
 * @param refundIdUsed the vault refused a simulation of this refund because its id was used
 * @param subscription the vault's subscription, or null when it has none with this reference
 * @param merchantBalance the merchant's (the subscription's payee's) token balance
 * @param merchantAllowance the merchant's allowance to the vault
 */
public record RefundFacts(
        BigInteger amount,
        int decimals,
        boolean refundIdUsed,
        @Nullable OnChainSubscription subscription,
        BigInteger merchantBalance,
        BigInteger merchantAllowance) {}
