/**
 * The HTTP side's way to the intents: it produces a command, then waits for its outcome on usdt.command-outcomes,
 * which every replica reads in full, so whichever replica's Streams task decides, the waiting replica hears it.
 */
@NullMarked
package io.abk.billing.usdt.command;

import org.jspecify.annotations.NullMarked;
