package io.abk.billing.usdt.domain.match;

/**
 * What a confirm brings about its transaction: what the chain showed, or, in sandbox mode (no chain), the scenario
 * its hash selects, which {@link SandboxScenario#observe} turns into facts against the intent's own terms.
 */
public sealed interface TxEvidence {

    String txHash();

    /** Read from the chain. */
    record Observed(TxObservation observation) implements TxEvidence {
        @Override
        public String txHash() {
            return observation.txHash();
        }
    }

    /** The sandbox's stand-in for a transaction. */
    record Simulated(String txHash, SandboxScenario scenario) implements TxEvidence {}
}
