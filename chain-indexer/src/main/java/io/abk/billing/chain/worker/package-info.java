/**
 * What the threads of chain-indexer's long-running workers (a chain's follower and relayer) share: how one is stopped
 * within a bound.
 */
@NullMarked
package io.abk.billing.chain.worker;

import org.jspecify.annotations.NullMarked;
