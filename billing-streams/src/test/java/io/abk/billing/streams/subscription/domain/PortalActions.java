package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static io.abk.billing.streams.subscription.domain.Fixtures.WALLETS;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;

import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SubmitCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.math.BigInteger;
import java.util.Locale;

/** The customer portal's signed actions as the gateway sends them and the relayer's answers, for the decider tests. */
final class PortalActions {

    static final RelayerGas GAS = new RelayerGas(48_123, new BigInteger("48123000000000"));
    static final String TX = "0x" + "c4".repeat(32);
    static final String CUSTOMER = WALLETS.customer().toLowerCase(Locale.ROOT);
    static final long DEADLINE = LATER.plusSeconds(3_600).getEpochSecond();

    private PortalActions() {}

    static CustomerRequest.SignedCancel cancel() {
        return new CustomerRequest.SignedCancel(CUSTOMER, DEADLINE, "0x" + "ca".repeat(65));
    }

    static CustomerRequest.Permit permit() {
        return new CustomerRequest.Permit(CUSTOMER, "119880000", DEADLINE, "0x" + "9e".repeat(65));
    }

    static SubmitCustomerRequest submit(CustomerRequest request) {
        return new SubmitCustomerRequest(SUBSCRIPTION_ID, TENANT, LATER, request);
    }

    /** The relayer's answer to the latest action of {@code kind} in {@code state}: mined, or refused with a code. */
    static SettleCustomerRequest settle(Existing state, CustomerActionKind kind, boolean succeeded) {
        var latest = state.details().customerActions().of(kind).orElse(null);
        return new SettleCustomerRequest(
                SUBSCRIPTION_ID,
                TENANT,
                latest == null ? LATER : latest.submission().submittedAt(),
                latest == null ? SUBSCRIPTION_ID + ":" + kind.requestKind() + ":1" : latest.requestId(SUBSCRIPTION_ID),
                kind,
                succeeded
                        ? new RelayerOutcome.Submitted(TX, GAS)
                        : new RelayerOutcome.NotSubmitted("PERMIT_FAILED", "The token refused the permit", null));
    }

    /** Active, a signed cancel pending at the relayer. */
    static Existing revoking() {
        return Scenarios.apply(Scenarios.active(), submit(cancel()));
    }

    /** Active, a permit pending at the relayer. */
    static Existing raising() {
        return Scenarios.apply(Scenarios.active(), submit(permit()));
    }

    /** Active, the first permit refused by the relayer. */
    static Existing raiseFailed() {
        var raising = raising();
        return Scenarios.apply(raising, settle(raising, CustomerActionKind.RAISE_ALLOWANCE, false));
    }

    /** Active, the signed cancel's transaction mined (the vault's Canceled not seen yet). */
    static Existing revokeSubmitted() {
        var revoking = revoking();
        return Scenarios.apply(revoking, settle(revoking, CustomerActionKind.REVOKE, true));
    }
}
