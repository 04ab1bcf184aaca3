package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.contracts.ChargeCall;
import java.math.BigInteger;

/** Where a request stands after its preflight: answered already, or a vault call to send. */
sealed interface Step {

    record Answered(RelayOutcome outcome) implements Step {}

    /**
     * A charge cleared to go out with the other charges of its poll in one {@code chargeBatch}, whose estimate gives
     * the gas.
     */
    record Charge(ChargeCall call) implements Step {}

    /** Send {@code data} to {@code to} with a gas limit of {@code gasLimit}. */
    record Send(String to, String data, BigInteger gasLimit) implements Step {}
}
