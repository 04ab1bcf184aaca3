/**
 * The book of open intents of one pay-to address, which a poll matches recent transfers against: its commands
 * (an intent added or removed, a poll) and the pure decider that picks which transfer confirms which intent.
 */
@NullMarked
package io.abk.billing.usdt.domain.addressbook;

import org.jspecify.annotations.NullMarked;
