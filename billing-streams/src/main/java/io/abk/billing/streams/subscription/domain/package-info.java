/**
 * The subscription aggregate (with its invoices) as pure Java: its sealed states, instructions, events, the decider
 * that turns an instruction into a decision (dispatching to the rules of each concern: activation, lifecycle, update,
 * invoice, settlement) and the evolver that applies its events, the settlements in flight, which invoices the
 * aggregate keeps, the dunning policy and period arithmetic. No framework, no I/O, no clock: time arrives inside each
 * instruction, the retry schedule as data.
 */
@NullMarked
package io.abk.billing.streams.subscription.domain;

import org.jspecify.annotations.NullMarked;
