package io.abk.billing.gateway.readmodel.projection;

import org.jspecify.annotations.Nullable;

/**
 * What became of one command, as recorded in {@code command_outcomes}: accepted with the rendered snapshots of
 * every resource it changed (a JSON array of API objects, each with its {@code object} type), or rejected with
 * the aggregate's code and sentence (snapshots {@code []}). {@code followUpCommandId} names the command that
 * will carry the result of a settlement this command started (a charge or a refund), when it started one.
 */
public record CommandOutcome(
        String commandId,
        String merchantId,
        String mode,
        String aggregateType,
        String aggregateId,
        boolean accepted,
        @Nullable String rejectionCode,
        @Nullable String rejectionMessage,
        String snapshotsJson,
        @Nullable String followUpCommandId) {}
