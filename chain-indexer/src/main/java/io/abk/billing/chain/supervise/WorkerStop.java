package io.abk.billing.chain.supervise;

/**
 * Why a supervised worker stopped by itself; {@code lasting} when a new one would stop the same way (a reorg deeper
 * than the follower's window), so it is not started again.
 */
record WorkerStop(String reason, boolean lasting) {}
