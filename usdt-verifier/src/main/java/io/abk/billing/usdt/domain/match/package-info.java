/**
 * Whether a transaction pays an intent: the facts read from the chain (or the sandbox's scenario), the intent's
 * terms and match strategy, and the pure matcher that turns them into the outcome the API reports. No I/O.
 */
@NullMarked
package io.abk.billing.usdt.domain.match;

import org.jspecify.annotations.NullMarked;
