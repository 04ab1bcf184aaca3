package io.abk.billing.scheduler.schedule;

/**
 * The names of the scheduler's stores, shared by the topology that declares them and the processors that use them.
 * Renaming one is a migration: the changelog topics carry the names.
 */
public record ScheduleNodes(String dueItemsStore, String dueIndexStore, String testClocksStore) {}
