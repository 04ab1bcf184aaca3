package io.abk.billing.usdt.http;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.usdt.command.CommandBus;
import io.abk.billing.usdt.config.VerifierDeployment;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.error.UsdtErrorCodes;
import io.abk.billing.usdt.http.idempotency.IdempotentIds;
import io.abk.billing.usdt.render.UsdtJson;
import java.time.Clock;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /v1/test-events/trigger}, sandbox only (403 {@code sandbox_only} otherwise): publishes a test
 * payment.confirmed ({@code test: true}) on usdt.events for a made-up intent, whose fields the body may set
 * ({@code merchantRef}, {@code amountUsdt}, {@code payToAddress}, {@code matchStrategy}); answers 200
 * {@code {ok: true, event}} once it is published. No intent is stored.
 */
@RestController
public class TestEventRoutes {

    /** The made-up intent's address when none is given: the burn address, which nobody holds the key of. */
    static final String DEFAULT_PAY_TO = "0x000000000000000000000000000000000000dead";

    private final CommandBus commands;
    private final boolean sandbox;
    private final Clock clock;

    public TestEventRoutes(CommandBus commands, VerifierDeployment deployment, Clock clock) {
        this.commands = commands;
        this.sandbox = deployment.sandbox();
        this.clock = clock;
    }

    @PostMapping("/v1/test-events/trigger")
    public Mono<ObjectNode> trigger(
            @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            if (!sandbox) {
                throw new UsdtApiException(
                        403,
                        UsdtErrorCodes.SANDBOX_ONLY,
                        "Test events exist in sandbox mode only" + " (BILLING_USDT_SANDBOX=true)");
            }
            var fields = UsdtRequestFields.of(body);
            var merchantRef = fields.optionalString("merchantRef").orElse("test_event");
            var amount = fields.optionalAmount("amountUsdt").orElse(UsdtAmount.ofMicros(UsdtAmount.MICROS_PER_USDT));
            var payTo = fields.has("payToAddress") ? fields.requiredAddress("payToAddress") : DEFAULT_PAY_TO;
            var terms = new IntentTerms(amount, payTo, fields.strategy("matchStrategy"));
            var now = clock.instant();
            var trigger = new IntentCommand.TriggerTestEvent(
                    IdempotentIds.of(exchange, IdPrefix.PAYMENT_INTENT, now, "intent"),
                    IdempotentIds.of(exchange, IdPrefix.COMMAND, now, "trigger"),
                    now,
                    merchantRef,
                    terms,
                    SandboxScenario.CONFIRMED.txHash());
            return Answers.accepted(commands, trigger).map(outcome -> {
                var answer = UsdtJson.object();
                answer.put("ok", true);
                answer.set(
                        "event",
                        UsdtJson.parse(
                                Objects.requireNonNull(outcome.getEventBody(), "a test event answers its event")));
                return answer;
            });
        });
    }
}
