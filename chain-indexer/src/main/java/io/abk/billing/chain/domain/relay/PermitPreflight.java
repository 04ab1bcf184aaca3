package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.TokenRevert;
import java.time.Instant;

/**
 * Decides whether a customer's EIP-2612 permit for the vault can be submitted: the latest block past its deadline is
 * {@code SIGNATURE_EXPIRED} (FiatToken takes it up to and including the deadline); anything else is the token's to
 * say when the permit is simulated ({@link #refusal}).
 */
public final class PermitPreflight {

    private PermitPreflight() {}

    public static Preflight decide(Instant chainTime, Instant deadline) {
        if (chainTime.isAfter(deadline)) {
            return new Refuse(
                    FailureCode.SIGNATURE_EXPIRED,
                    "The customer's permit expired at " + deadline + "; the chain's time is " + chainTime);
        }
        return new Clear();
    }

    /**
     * What the token's revert means for the permit: FiatToken's "EIP2612: invalid signature" (another signer, other
     * values, or a nonce used since it was signed) and a malformed signature are {@code SIGNATURE_INVALID}, an expired
     * permit {@code SIGNATURE_EXPIRED}, anything else (paused, blacklisted) {@code PERMIT_FAILED}.
     */
    public static Refuse refusal(TokenRevert revert) {
        var code = switch (revert.reason()) {
            case PERMIT_INVALID_SIGNATURE, MALFORMED_SIGNATURE -> FailureCode.SIGNATURE_INVALID;
            case PERMIT_EXPIRED -> FailureCode.SIGNATURE_EXPIRED;
            case AUTHORIZATION_NOT_YET_VALID,
                    AUTHORIZATION_EXPIRED,
                    AUTHORIZATION_USED,
                    AUTHORIZATION_INVALID_SIGNATURE,
                    CALLER_NOT_PAYEE,
                    INSUFFICIENT_BALANCE,
                    PAUSED,
                    BLACKLISTED,
                    UNKNOWN -> FailureCode.PERMIT_FAILED;
        };
        return new Refuse(code, "The token refused the permit: " + revert.message());
    }
}
