package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SettlementDecider;
import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.verification.VerificationDecider;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.mode.Mode;

/**
 * Which requests the relayer of a chain executes: exactly those the settlement processor leaves to it
 * ({@link SettlementOutcome.Relayed} or {@link VerificationOutcome.Relayed}), asked of the same deciders with the same chains,
 * so a request is answered either by the streams side or by the relayer, never both and never neither.
 */
public final class RelayedRequests {

    /** What the relayer does with a request. */
    public enum Kind {
        CHARGE,
        REFUND,
        VERIFY,
        /** Submit a signed mandate to the vault's {@code subscribeBySignature}. */
        MANDATE,
        /** Submit an EIP-3009 {@code transferWithAuthorization} to the token. */
        AUTHORIZATION,
        /** Not the relayer's: answered by the settlement processor, or by nobody. */
        NONE
    }

    private RelayedRequests() {}

    /** The kind of {@code request} for the relayer of {@code mode}'s chain. */
    public static Kind kind(ChainRequest request, ConfiguredChains chains, Mode mode) {
        var addressee = RequestMapper.addressee(request);
        try {
            return switch (addressee) {
                case SUBSCRIPTION -> {
                    var settlement = RequestMapper.toSettlement(request);
                    if (settlement.mode() != mode
                            || !(SettlementDecider.decide(settlement, chains) instanceof SettlementOutcome.Relayed)) {
                        yield Kind.NONE;
                    }
                    yield settlement instanceof io.abk.billing.chain.domain.settlement.SettlementRequest.Charge
                            ? Kind.CHARGE
                            : Kind.REFUND;
                }
                case PAYMENT -> {
                    var verification = RequestMapper.toVerification(request);
                    yield verification.mode() == mode
                                    && VerificationDecider.decide(verification, chains)
                                            instanceof VerificationOutcome.Relayed
                            ? Kind.VERIFY
                            : Kind.NONE;
                }
                case MANDATE, AUTHORIZATION -> {
                    var signed = RequestMapper.toSettlement(request);
                    if (signed.mode() != mode
                            || !(SettlementDecider.decide(signed, chains) instanceof SettlementOutcome.Relayed)) {
                        yield Kind.NONE;
                    }
                    yield addressee == RequestMapper.Addressee.MANDATE ? Kind.MANDATE : Kind.AUTHORIZATION;
                }
                case NOBODY -> Kind.NONE;
            };
        } catch (RuntimeException unreadable) {
            // The settlement processor answers a request it cannot read; the relayer leaves it alone.
            return Kind.NONE;
        }
    }
}
