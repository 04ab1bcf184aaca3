/**
 * The customer aggregate as pure Java: its states, instructions and events, the decider that creates a customer
 * (refusing a second create of the same wallet, ignoring a second ensure) and updates its email, name and
 * metadata, and the evolver that applies its events. A customer is one wallet within a merchant and mode.
 */
@NullMarked
package io.abk.billing.streams.customer.domain;

import org.jspecify.annotations.NullMarked;
