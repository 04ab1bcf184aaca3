/**
 * The one-time payment aggregate as pure Java: its sealed states, commands and events, the decider (create,
 * confirm, the verification's result, expiry) and its evolver, the verification in flight, and the expiry policy.
 * No framework, no I/O, no clock: time arrives inside each command, the expiry as data.
 */
@NullMarked
package io.abk.billing.streams.domain.payment;

import org.jspecify.annotations.NullMarked;
