package io.abk.billing.usdt.http;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.usdt.command.CommandBus;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.http.idempotency.IdempotentIds;
import io.abk.billing.usdt.render.UsdtJson;
import java.time.Clock;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /v1/intents} {@code {merchantRef, amountUsdt, payToAddress, matchStrategy}}: creates an open intent
 * {@code pi_...} and answers 201 {@code {intent}} once it is stored. {@code matchStrategy} is {@code exact},
 * {@code minimum_amount} (overpayment accepted) or {@code tolerance} (within the configured percentage), default
 * {@code exact}; {@code payToAddress} is a Tron (base58 or hex) or EVM address.
 */
@RestController
public class IntentRoutes {

    private final CommandBus commands;
    private final Clock clock;

    public IntentRoutes(CommandBus commands, Clock clock) {
        this.commands = commands;
        this.clock = clock;
    }

    @PostMapping("/v1/intents")
    public Mono<ResponseEntity<ObjectNode>> create(
            @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            var fields = UsdtRequestFields.of(body);
            var merchantRef = fields.requiredString("merchantRef");
            var terms = terms(fields);
            var now = clock.instant();
            var create = new IntentCommand.Create(
                    IdempotentIds.of(exchange, IdPrefix.PAYMENT_INTENT, now, "intent"),
                    IdempotentIds.of(exchange, IdPrefix.COMMAND, now, "create"),
                    now,
                    merchantRef,
                    terms);
            return Answers.accepted(commands, create).map(outcome -> {
                var answer = UsdtJson.object();
                answer.set(
                        "intent",
                        UsdtJson.intent(Objects.requireNonNull(outcome.getIntent(), "a create answers its intent")));
                return ResponseEntity.status(HttpStatus.CREATED).body(answer);
            });
        });
    }

    /** The terms of an intent in a request body: amountUsdt, payToAddress, matchStrategy. */
    static IntentTerms terms(UsdtRequestFields fields) {
        var amount = fields.requiredAmount("amountUsdt");
        var payTo = fields.requiredAddress("payToAddress");
        var strategy = fields.strategy("matchStrategy");
        return new IntentTerms(amount, payTo, strategy);
    }
}
