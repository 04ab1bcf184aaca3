package io.abk.billing.gateway.readmodel.projection;

import java.util.List;

/**
 * Told by the in-process projector, right after a batch's transaction committed, which outcomes it recorded:
 * the fast path that wakes a waiting request without a database round trip. Called on the projector's thread,
 * so it must only hand the outcomes over, never block.
 */
@FunctionalInterface
public interface OutcomeListener {

    OutcomeListener NONE = outcomes -> {};

    void projected(List<CommandOutcome> outcomes);
}
