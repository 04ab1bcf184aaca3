package io.abk.billing.streams.command;

/**
 * The nodes every aggregate's processor uses: its aggregate store, its store of applied command ids and the sink of
 * its changes. Renaming a store is a migration: its changelog topic carries the name.
 */
public record CommandNodes(String aggregateStore, String processedCommandStore, String changesSink) {}
