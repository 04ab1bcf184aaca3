package io.abk.billing.chain.supervise;

/** A held chain's workers as they run here: their status now, and a close that returns once they have stopped. */
public interface RunningChain extends AutoCloseable {

    ChainStatus status();

    @Override
    void close();
}
