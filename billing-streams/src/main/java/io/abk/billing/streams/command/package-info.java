/**
 * What every aggregate's command processor shares: the store of applied command ids (a command delivered twice
 * is applied once), the generic processor that dedupes, loads, decides through its aggregate's handler, stores
 * and forwards, and the mapping of the mode between wire and domain.
 */
@NullMarked
package io.abk.billing.streams.command;

import org.jspecify.annotations.NullMarked;
