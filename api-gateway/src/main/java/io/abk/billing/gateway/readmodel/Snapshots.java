package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Finds a resource among the snapshots that commands' outcomes recorded. A Change holds only what its command
 * changed, so a caller that needs a resource the command left alone falls back to the read model, which is at
 * least as new once the outcome is recorded (both are written in the same transaction).
 */
public final class Snapshots {

    private Snapshots() {}

    /** The resource of {@code type} ({@code subscription}, {@code invoice}) and {@code id} in the first outcome that has it. */
    public static Optional<JsonNode> find(Iterable<CommandOutcome> newestFirst, String type, String id) {
        for (var outcome : newestFirst) {
            for (var snapshot : ResourceJson.parse(outcome.snapshotsJson())) {
                if (type.equals(ResourceJson.text(snapshot, "object"))
                        && id.equals(ResourceJson.text(snapshot, "id"))) {
                    return Optional.of(snapshot);
                }
            }
        }
        return Optional.empty();
    }

    /** The first resource of {@code type} in the outcome, whatever its id. */
    public static Optional<JsonNode> first(CommandOutcome outcome, String type) {
        for (var snapshot : ResourceJson.parse(outcome.snapshotsJson())) {
            if (type.equals(ResourceJson.text(snapshot, "object"))) {
                return Optional.of(snapshot);
            }
        }
        return Optional.empty();
    }
}
