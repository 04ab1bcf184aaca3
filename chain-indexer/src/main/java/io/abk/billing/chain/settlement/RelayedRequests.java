package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.funding.FundingCheckDecider;
import io.abk.billing.chain.domain.funding.FundingOutcome;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SettlementDecider;
import io.abk.billing.chain.domain.settlement.SettlementOutcome;
import io.abk.billing.chain.domain.verification.VerificationDecider;
import io.abk.billing.chain.domain.verification.VerificationOutcome;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SignedCancelRequest;
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
        /** Submit a customer's signed cancel to the vault's {@code cancelBySignature}. */
        CANCEL,
        /** Submit a customer's EIP-2612 permit for the vault to the token. */
        PERMIT,
        /** Read a customer's balance, allowance and vault subscription before a renewal: nothing is sent. */
        FUNDING,
        /** Not the relayer's: answered by the settlement processor, or by nobody. */
        NONE;

        /** Whether the relayer sends a transaction for it (verifications and funding checks only read). */
        public boolean sends() {
            return switch (this) {
                case CHARGE, REFUND, MANDATE, AUTHORIZATION, CANCEL, PERMIT -> true;
                case VERIFY, FUNDING, NONE -> false;
            };
        }
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
                case MANDATE, AUTHORIZATION, CUSTOMER -> {
                    var signed = RequestMapper.toSettlement(request);
                    if (signed.mode() != mode
                            || !(SettlementDecider.decide(signed, chains) instanceof SettlementOutcome.Relayed)) {
                        yield Kind.NONE;
                    }
                    yield switch (addressee) {
                        case MANDATE -> Kind.MANDATE;
                        case AUTHORIZATION -> Kind.AUTHORIZATION;
                        default -> request.getPayload() instanceof SignedCancelRequest ? Kind.CANCEL : Kind.PERMIT;
                    };
                }
                case FUNDING -> {
                    var check = RequestMapper.toFundingCheck(request);
                    yield check.mode() == mode
                                    && FundingCheckDecider.decide(check, chains) instanceof FundingOutcome.Relayed
                            ? Kind.FUNDING
                            : Kind.NONE;
                }
                case NOBODY -> Kind.NONE;
            };
        } catch (RuntimeException unreadable) {
            // The settlement processor answers a request it cannot read; the relayer leaves it alone.
            return Kind.NONE;
        }
    }
}
