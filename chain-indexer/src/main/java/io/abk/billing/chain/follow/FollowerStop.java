package io.abk.billing.chain.follow;

/**
 * Why a follower stopped by itself. {@code lasting} when a new follower would stop the same way (a reorg deeper than
 * the window: only an operator can resolve it); otherwise starting a new one, from the committed checkpoint, may
 * follow the chain again (its producer was fenced, Kafka failed a commit, the watch list did not load).
 */
public record FollowerStop(String reason, boolean lasting) {}
