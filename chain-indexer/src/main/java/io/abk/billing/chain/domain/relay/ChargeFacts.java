package io.abk.billing.chain.domain.relay;

import io.abk.billing.contracts.ChargeRecord;
import io.abk.billing.contracts.OnChainSubscription;
import java.math.BigInteger;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What the chain says before a charge, read at the latest block.
 *
 * @param amount the charge in token base units
 * @param decimals the token's decimals, for messages
 * @param charge the vault's record of this charge id ({@code exists = false} when never used)
 * @param subscription the vault's subscription, or null when the vault has none with this reference
 * @param nextPeriodStart the start of period {@code chargeCount} (the one this charge would pay); null without a
 *     subscription
 * @param chainTime the latest block's timestamp
 * @param balance the customer's token balance
 * @param allowance the customer's allowance to the vault
 */
public record ChargeFacts(
        BigInteger amount,
        int decimals,
        ChargeRecord charge,
        @Nullable OnChainSubscription subscription,
        @Nullable Instant nextPeriodStart,
        Instant chainTime,
        BigInteger balance,
        BigInteger allowance) {}
