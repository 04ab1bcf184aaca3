/**
 * The payment link aggregate as pure Java: its sealed states, instructions and events, the decider that opens a
 * link (counting the use and minting a one-time payment), disables it, counts its paid payments and expires it, and
 * the evolver that applies its events.
 * The link is the single writer of its use count, so {@code maxUses} holds under any number of concurrent opens.
 */
@NullMarked
package io.abk.billing.streams.paymentlink.domain;

import org.jspecify.annotations.NullMarked;
