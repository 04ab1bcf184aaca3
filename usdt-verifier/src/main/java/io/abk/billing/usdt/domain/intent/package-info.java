/**
 * The USDT payment intent as pure Java: its sealed states (open, confirmed, expired), commands and events, the
 * decider and its evolver, and the rule that a transaction hash belongs to the first intent that claims it. No
 * framework, no I/O, no clock: time arrives inside each command, the expiry and match settings as a policy.
 */
@NullMarked
package io.abk.billing.usdt.domain.intent;

import org.jspecify.annotations.NullMarked;
