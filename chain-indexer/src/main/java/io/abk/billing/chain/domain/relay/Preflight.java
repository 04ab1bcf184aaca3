package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.settlement.FailureCode;

/** What the chain's state says about a charge or refund before anything is sent. */
public sealed interface Preflight {

    /** The id was used already: the money moved in an earlier transaction, found in {@code blockNumber} or later. */
    record AlreadyDone(long fromBlock) implements Preflight {}

    /** It would fail on chain: answered with this code and nothing is sent. */
    record Refuse(FailureCode code, String message) implements Preflight {}

    /** Nothing on chain stands in the way: simulate it, then send it. */
    record Clear() implements Preflight {}
}
