package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.OnChainSubscription;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Decides from the vault's state whether a customer's signed cancel ({@code cancelBySignature}) can be submitted, in
 * this order:
 * <ol>
 *   <li>the vault has no subscription for the reference: {@code MANDATE_INACTIVE};</li>
 *   <li>the subscription is canceled: {@link AlreadyDone} (the relayer answers with the transaction whose
 *       {@code Canceled} names the customer, an earlier submission of this request or the customer's own cancel, or
 *       else {@code MANDATE_REVOKED});</li>
 *   <li>the latest block is past the signature's deadline: {@code SIGNATURE_EXPIRED} (the vault takes it up to and
 *       including the deadline).</li>
 * </ol>
 * The vault checks them itself, and the signature; the simulation that follows names anything else
 * ({@code InvalidSignature}: {@code SIGNATURE_INVALID}), so a refusal costs no gas.
 */
public final class CancelPreflight {

    private CancelPreflight() {}

    public static Preflight decide(@Nullable OnChainSubscription existing, Instant chainTime, Instant deadline) {
        if (existing == null) {
            return new Refuse(FailureCode.MANDATE_INACTIVE, "The vault has no subscription for this mandate");
        }
        if (existing.canceled()) {
            return new AlreadyDone(0);
        }
        if (chainTime.isAfter(deadline)) {
            return new Refuse(
                    FailureCode.SIGNATURE_EXPIRED,
                    "The customer's signed cancel expired at " + deadline + "; the chain's time is " + chainTime);
        }
        return new Clear();
    }
}
