package io.abk.billing.gateway.command;

import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A command's outcome and, when it named a follow-up command that the request answers with (a settlement's
 * result, a link's minted payment), the outcome of that command ({@code followUp}); {@code followUp} is null when
 * the command named none, was rejected, or the route does not wait for it.
 */
public record Settled(CommandOutcome outcome, @Nullable CommandOutcome followUp) {

    /** The outcomes newest first: where the latest snapshot of a resource is found first. */
    public List<CommandOutcome> newestFirst() {
        return followUp == null ? List.of(outcome) : List.of(followUp, outcome);
    }

    /**
     * The command's outcome and its follow-up's when both were accepted; the first rejection as the API error
     * otherwise (a coupon refusing a redemption a promotion code accepted).
     */
    public Settled requireAllAccepted() {
        Rejections.throwIfRejected(outcome);
        if (followUp != null) {
            Rejections.throwIfRejected(followUp);
        }
        return this;
    }

    /** The command's outcome when it was accepted; its rejection as the API error otherwise. */
    public Settled requireAccepted() {
        Rejections.throwIfRejected(outcome);
        return this;
    }
}
