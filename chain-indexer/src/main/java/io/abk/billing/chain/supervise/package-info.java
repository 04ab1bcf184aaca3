/**
 * Keeps a held chain's follower and relayer running: starts them, notices when one stops by itself, and starts it
 * again after a backoff once the group coordinator confirms that this replica still holds the chain's lease; reports
 * what runs as a health component and as gauges.
 */
@NullMarked
package io.abk.billing.chain.supervise;

import org.jspecify.annotations.NullMarked;
