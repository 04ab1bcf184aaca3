/**
 * The subscription aggregate as pure Java: its sealed states, commands, events, the decider that turns a command
 * into a decision, and period arithmetic. No framework, no I/O, no clock: time arrives inside each command.
 */
@NullMarked
package io.abk.billing.streams.domain.subscription;

import org.jspecify.annotations.NullMarked;
