/**
 * The scheduler's state stores: the {@code due-index} key format that orders items by mode, merchant and due time,
 * and the binary serdes of what the stores hold.
 */
@NullMarked
package io.abk.billing.scheduler.store;

import org.jspecify.annotations.NullMarked;
