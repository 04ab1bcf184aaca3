/**
 * What every aggregate's command processor shares: the generic processor that dedupes, loads, decides through its
 * aggregate's adapter ({@code AggregateAdapter}), stores and forwards; the store of applied command ids (a command
 * delivered twice is applied once); and what every command's change, event ids, logs and metrics repeat.
 */
@NullMarked
package io.abk.billing.streams.command;

import org.jspecify.annotations.NullMarked;
