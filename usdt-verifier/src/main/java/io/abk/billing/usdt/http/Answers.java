package io.abk.billing.usdt.http;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.usdt.chain.ChainUnavailableException;
import io.abk.billing.usdt.command.CommandBus;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.error.UsdtErrorCodes;
import io.abk.billing.usdt.render.UsdtJson;
import io.abk.billing.usdt.streams.IntentRecords;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ObjectNode;

/** Turns command outcomes into answers: the body of an accepted one, the API error of a refused one. */
final class Answers {

    /** Refusals about the intent's state, not the request: the request may be right, at another time. */
    private static final Set<String> CONFLICTS =
            Set.of("intent_expired", "tx_already_used", "confirmation_in_progress", "claim_unknown");

    private Answers() {}

    /** {@code {ok: true, intent, event}}, or the refusal. */
    static ObjectNode confirmed(UsdtCommandOutcome outcome) {
        refuseUnlessAccepted(outcome);
        var body = UsdtJson.object();
        body.put("ok", true);
        body.set(
                "intent", UsdtJson.intent(Objects.requireNonNull(outcome.getIntent(), "a confirm answers its intent")));
        var event = outcome.getEventBody();
        body.set("event", event == null ? null : UsdtJson.parse(event));
        return body;
    }

    /** Sends {@code command} alone and gives its outcome once accepted, or fails with its refusal. */
    static Mono<UsdtCommandOutcome> accepted(CommandBus commands, IntentCommand command) {
        return commands.intent(List.of(IntentRecords.envelope(command, null))).map(outcome -> {
            refuseUnlessAccepted(outcome);
            return outcome;
        });
    }

    /** Throws the API error of a refused outcome: 404, 409, or 400 with the transaction's outcome. */
    static void refuseUnlessAccepted(UsdtCommandOutcome outcome) {
        if (outcome.getAccepted()) {
            return;
        }
        var rejection = Objects.requireNonNull(outcome.getRejection(), "a refused outcome says why");
        var code = rejection.getCode();
        var match = outcome.getMatch();
        int status = code.equals("resource_missing") ? 404 : CONFLICTS.contains(code) ? 409 : 400;
        throw new UsdtApiException(
                status,
                code,
                rejection.getMessage(),
                null,
                match == null ? null : match.getOutcome(),
                code.equals("confirmation_in_progress") ? Duration.ofSeconds(1) : null);
    }

    /** The answer to a chain that could not be read. */
    static UsdtApiException chainUnavailable(ChainUnavailableException e) {
        return new UsdtApiException(
                503,
                UsdtErrorCodes.CHAIN_UNAVAILABLE,
                "The chain's JSON-RPC did not answer; retry" + " shortly",
                null,
                null,
                Duration.ofSeconds(2));
    }
}
