/**
 * Which replica runs each configured chain's relayer and follower: the one that holds the chain's lease, a partition
 * of {@code chain.indexer-checkpoints} assigned to it in a consumer group of its own, so Kafka's group membership
 * decides, and moves the chain when that replica leaves or dies.
 */
@NullMarked
package io.abk.billing.chain.lease;

import org.jspecify.annotations.NullMarked;
