/**
 * The subscription aggregate (with its invoices) as pure Java: its sealed states, commands, events, the decider
 * that turns a command into a decision (dispatching to the rules of each concern: activation, lifecycle, update,
 * invoice, settlement), the settlements in flight, which invoices the aggregate keeps, the dunning policy and
 * period arithmetic. No framework, no I/O,
 * no clock: time arrives inside each command, the retry schedule as data.
 */
@NullMarked
package io.abk.billing.streams.domain.subscription;

import org.jspecify.annotations.NullMarked;
