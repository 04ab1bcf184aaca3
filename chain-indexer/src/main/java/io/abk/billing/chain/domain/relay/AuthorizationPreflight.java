package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.TokenRevert;
import java.time.Instant;

/**
 * Decides from the token's state whether a transfer authorization can be submitted, in this order:
 * <ol>
 *   <li>its nonce is used or canceled: {@link AlreadyDone} (the relayer answers with the transaction whose
 *       {@code AuthorizationUsed} names it, an earlier submission of the same request or of the customer's own
 *       wallet, or else {@code AUTHORIZATION_USED});</li>
 *   <li>the latest block is at or past {@code validBefore}: {@code AUTHORIZATION_EXPIRED} (FiatToken takes it only
 *       strictly before);</li>
 *   <li>the latest block is before {@code validAfter}: {@code AUTHORIZATION_NOT_YET_VALID};</li>
 *   <li>the payer's balance is below the value: {@code INSUFFICIENT_BALANCE}.</li>
 * </ol>
 * The token checks them itself, and the signature; the simulation names anything else ({@link #refusal}).
 */
public final class AuthorizationPreflight {

    private AuthorizationPreflight() {}

    public static Preflight decide(AuthorizationFacts facts) {
        if (facts.used()) {
            return new AlreadyDone(0);
        }
        var validBefore = Instant.ofEpochSecond(facts.validBefore());
        if (!facts.chainTime().isBefore(validBefore)) {
            return new Refuse(
                    FailureCode.AUTHORIZATION_EXPIRED,
                    "The customer's authorization was valid until " + validBefore + "; the chain's time is "
                            + facts.chainTime());
        }
        var validAfter = Instant.ofEpochSecond(facts.validAfter());
        if (facts.chainTime().isBefore(validAfter)) {
            return new Refuse(
                    FailureCode.AUTHORIZATION_NOT_YET_VALID,
                    "The customer's authorization is valid after " + validAfter + "; the chain's time is "
                            + facts.chainTime());
        }
        if (facts.balance().compareTo(facts.value()) < 0) {
            return new Refuse(
                    FailureCode.INSUFFICIENT_BALANCE,
                    "The customer's wallet holds " + TokenUnits.render(facts.balance(), facts.decimals())
                            + ", less than " + TokenUnits.render(facts.value(), facts.decimals()));
        }
        return new Clear();
    }

    /** What the token's revert (FiatToken's {@code Error(string)} messages) means for the authorization. */
    public static Refuse refusal(TokenRevert revert) {
        var code = switch (revert.reason()) {
            case AUTHORIZATION_EXPIRED -> FailureCode.AUTHORIZATION_EXPIRED;
            case AUTHORIZATION_NOT_YET_VALID -> FailureCode.AUTHORIZATION_NOT_YET_VALID;
            case AUTHORIZATION_USED -> FailureCode.AUTHORIZATION_USED;
            case AUTHORIZATION_INVALID_SIGNATURE, MALFORMED_SIGNATURE -> FailureCode.SIGNATURE_INVALID;
            case INSUFFICIENT_BALANCE -> FailureCode.INSUFFICIENT_BALANCE;
            case PERMIT_EXPIRED, PERMIT_INVALID_SIGNATURE, CALLER_NOT_PAYEE, PAUSED, BLACKLISTED, UNKNOWN ->
                FailureCode.RELAYER_ERROR;
        };
        return new Refuse(code, "The token refused the transfer: " + revert.message());
    }
}
