package io.abk.billing.gateway.command;

import io.abk.billing.gateway.auth.Caller;
import java.util.function.Supplier;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Runs the command of one request against an existing subscription aggregate (the lifecycle and invoice routes,
 * and checkout's activate): takes the request's command identity (its Idempotency-Key's, else a fresh one),
 * resolves and validates (which may refuse with a 4xx before anything is produced), stamps, sends and awaits the
 * outcome. A retry whose outcome is already recorded skips all that and answers from the record: its body was
 * validated the first time (the key's fingerprint guarantees the same body).
 */
public final class SubscriptionCommands {

    /** Where the command goes (its aggregate, the Kafka key) and what it says. */
    public record Target(String subscriptionId, Object payload) {
    }

    /** Whether the route answers with the result of a settlement the command starts. */
    public enum Wait {
        /** The command's own outcome is the answer. */
        OUTCOME,
        /** Also the outcome of the follow-up the accepted outcome names (activate, charge, refund). */
        SETTLEMENT
    }

    private final CommandDispatcher dispatcher;
    private final CommandStamper stamper;

    public SubscriptionCommands(CommandDispatcher dispatcher, CommandStamper stamper) {
        this.dispatcher = dispatcher;
        this.stamper = stamper;
    }

    /**
     * @param resolve validates the request and finds its target; runs only when a command is to be sent, and
     *     may fail with the request's 4xx
     */
    public Mono<Settled> run(Caller caller, ServerWebExchange exchange, Wait wait, Supplier<Mono<Target>> resolve) {
        return Mono.defer(() -> {
            var identity = CommandIdentity.of(exchange).orElseGet(() -> CommandIdentity.fresh(stamper.now(caller)));
            if (identity.answerFromRecord()) {
                return wait == Wait.SETTLEMENT
                        ? dispatcher.recordedAndSettled(identity)
                        : dispatcher.recorded(identity).map(outcome -> new Settled(outcome, null));
            }
            return resolve.get().flatMap(target -> {
                var command = stamper.subscriptionCommand(caller, identity, target.subscriptionId(), target.payload(), exchange);
                return wait == Wait.SETTLEMENT
                        ? dispatcher.sendAndSettle(command, identity)
                        : dispatcher.send(command, identity).map(outcome -> new Settled(outcome, null));
            });
        });
    }
}
