package io.abk.billing.gateway.command;

import io.abk.billing.gateway.platform.web.Caller;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Runs the command of one request against one {@link Aggregate} (every write route, and checkout's activate,
 * confirm and open): takes the request's command identity (its Idempotency-Key's, else a fresh one), resolves and
 * validates (which may refuse with a 4xx before anything is produced), stamps, sends and awaits the outcome, and
 * the follow-up's when the route waits for it. A retry whose outcome is already recorded skips all that and
 * answers from the record: its body was validated the first time (the key's fingerprint guarantees the same
 * body).
 */
public final class Commands {

    /** Where the command goes (its aggregate's id, the Kafka key) and what it says. */
    public record Target(String aggregateId, Object payload) {}

    /** Whether the route answers with what a follow-up command made of the command. */
    public enum Wait {
        /** The command's own outcome is the answer. */
        OUTCOME,
        /**
         * Also the outcome of the follow-up the accepted outcome names: a settlement's result (activate, charge,
         * refund, a payment's confirm), or the payment a link's open minted.
         */
        FOLLOW_UP,
        /**
         * The last outcome of the chain of follow-ups (each accepted outcome's follow-up, in turn): a subscription
         * created or discounted through a coupon or a promotion code, which forward the command on.
         */
        CHAIN
    }

    private final CommandDispatcher dispatcher;
    private final CommandStamper stamper;

    public Commands(CommandDispatcher dispatcher, CommandStamper stamper) {
        this.dispatcher = dispatcher;
        this.stamper = stamper;
    }

    /**
     * @param resolve validates the request and finds its target, given the command's identity (from which a create
     *     derives the id of what it creates); runs only when a command is to be sent, and may fail with the
     *     request's 4xx
     */
    public Mono<Settled> run(
            Aggregate<?> aggregate,
            Caller caller,
            ServerWebExchange exchange,
            Wait wait,
            Function<CommandIdentity, Mono<Target>> resolve) {
        return Mono.defer(() -> {
            var identity = CommandIdentity.of(exchange).orElseGet(() -> CommandIdentity.fresh(stamper.idSeedTime()));
            if (identity.answerFromRecord()) {
                return switch (wait) {
                    case OUTCOME -> dispatcher.recorded(identity).map(outcome -> new Settled(outcome, null));
                    case FOLLOW_UP -> dispatcher.recordedAndFollowedUp(identity);
                    case CHAIN -> dispatcher.recordedAndChained(identity);
                };
            }
            return resolve.apply(identity).flatMap(target -> {
                var command =
                        stamper.stamp(aggregate, caller, identity, target.aggregateId(), target.payload(), exchange);
                return switch (wait) {
                    case OUTCOME -> dispatcher.send(command, identity).map(outcome -> new Settled(outcome, null));
                    case FOLLOW_UP -> dispatcher.sendAndFollowUp(command, identity);
                    case CHAIN -> dispatcher.sendAndFollowChain(command, identity);
                };
            });
        });
    }

    /**
     * Runs a command on a resource of the caller's (activate, charge, cancel, disable, ...): validates the body into
     * the payload first, then looks the resource up, whose absence is the route's 404 with nothing sent, and requires
     * the command accepted (a rejection is the route's 400).
     *
     * @param existing the aggregate id of the resource (the Kafka key), or the 404 when the caller has none
     */
    public Mono<Settled> runOnExisting(
            Aggregate<?> aggregate,
            Caller caller,
            ServerWebExchange exchange,
            Wait wait,
            Supplier<Object> payload,
            Supplier<Mono<String>> existing) {
        return run(aggregate, caller, exchange, wait, identity -> {
                    var command = payload.get();
                    return existing.get().map(aggregateId -> new Target(aggregateId, command));
                })
                .map(Settled::requireAccepted);
    }
}
