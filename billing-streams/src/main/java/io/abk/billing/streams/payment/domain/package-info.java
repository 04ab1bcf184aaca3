/**
 * The one-time payment aggregate as pure Java: its sealed states, instructions and events, the decider (create,
 * confirm, the verification's result, expiry, what the chain side reports by itself) and its evolver, the
 * verification in flight, and the expiry policy. No framework, no I/O, no clock: time arrives inside each
 * instruction, the expiry as data.
 */
@NullMarked
package io.abk.billing.streams.payment.domain;

import org.jspecify.annotations.NullMarked;
