package io.abk.billing.usdt.http;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtPollTransfers;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.usdt.chain.ChainUnavailableException;
import io.abk.billing.usdt.chain.RecentTransfers;
import io.abk.billing.usdt.chain.TransactionSource;
import io.abk.billing.usdt.command.CommandBus;
import io.abk.billing.usdt.config.UsdtProperties;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.intent.IntentPolicy;
import io.abk.billing.usdt.domain.match.MatchReport;
import io.abk.billing.usdt.domain.match.TransferMatcher;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.idempotency.IdempotentIds;
import io.abk.billing.usdt.render.UsdtJson;
import io.abk.billing.usdt.streams.AddressBookRecords;
import io.abk.billing.usdt.streams.IntentRecords;
import io.abk.billing.usdt.streams.MatchRecords;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /v1/payments}: verify a transaction against terms without side effects, confirm an intent with a
 * transaction (once: later confirms answer with the first confirmation), and poll an address's recent transfers to
 * confirm its open intents. The chain is read here (or the sandbox's scenario taken); whether a transaction pays an
 * intent is decided by the intent itself, in Kafka, against its stored terms.
 */
@RestController
public class VerificationRoutes {

    private final CommandBus commands;
    private final TransactionSource transactions;
    private final IntentPolicy policy;
    private final UsdtProperties.Chain chain;
    private final Clock clock;

    public VerificationRoutes(
            CommandBus commands,
            TransactionSource transactions,
            IntentPolicy policy,
            UsdtProperties properties,
            Clock clock) {
        this.commands = commands;
        this.transactions = transactions;
        this.policy = policy;
        this.chain = properties.chain();
        this.clock = clock;
    }

    /**
     * {@code {merchantRef, amountUsdt, payToAddress, matchStrategy, txHash}} -> 200 {@code {ok, outcome, code,
     * expectedUsdt, receivedUsdt, confirmations, requiredConfirmations, txHash, fromAddress, blockNumber}}: a
     * transaction that does not match is still a 200, with {@code ok: false} and its code.
     */
    @PostMapping("/v1/payments/verify")
    public Mono<ObjectNode> verify(@RequestBody(required = false) @Nullable JsonNode body) {
        return Mono.defer(() -> {
            var fields = UsdtRequestFields.of(body);
            fields.optionalString("merchantRef");
            var terms = IntentRoutes.terms(fields);
            var txHash = fields.requiredTxHash("txHash");
            var started = System.nanoTime();
            return evidence(txHash).map(evidence -> {
                var report = TransferMatcher.match(terms, evidence, policy.match());
                Timer.builder("usdt_verify_seconds")
                        .tag("outcome", report.outcome().wire())
                        .register(Metrics.globalRegistry)
                        .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
                var answer = UsdtJson.report(MatchRecords.report(report));
                answer.put("payToAddress", terms.payToAddress());
                answer.put("matchStrategy", terms.strategy().wire());
                return answer;
            });
        });
    }

    /**
     * {@code {intentId, txHash}}, or the intent's fields plus {@code txHash} to create it: 200 {@code {ok: true,
     * intent, event}} once confirmed (or when it was confirmed before: the first confirmation answers); 400
     * {@code {error, code, outcome}} when the transaction does not match; 404 for an unknown intent; 409 when the
     * transaction confirmed another intent, or the intent expired. Created from fields, the intent's id derives from
     * the transaction, so confirming the same transaction again names the same intent; a transaction that does not
     * match creates nothing.
     */
    @PostMapping("/v1/payments/confirm")
    public Mono<ObjectNode> confirm(
            @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            var fields = UsdtRequestFields.of(body);
            var byId = fields.has("intentId");
            if (byId && (fields.has("amountUsdt") || fields.has("payToAddress") || fields.has("merchantRef"))) {
                throw UsdtApiException.invalid(
                        "intentId",
                        "intentId names an existing intent: give it alone with"
                                + " txHash, or the intent's fields (merchantRef, amountUsdt, payToAddress, matchStrategy)"
                                + " without it");
            }
            var intentId = byId ? fields.requiredIntentId("intentId") : null;
            var merchantRef = byId ? null : fields.requiredString("merchantRef");
            var terms = byId ? null : IntentRoutes.terms(fields);
            var txHash = fields.requiredTxHash("txHash");
            return evidence(txHash).flatMap(evidence -> {
                var now = clock.instant();
                var confirmId = IdempotentIds.of(exchange, IdPrefix.COMMAND, now, "confirm");
                if (intentId != null) {
                    return confirm(List.of(confirmCommand(intentId, confirmId, now, evidence)));
                }
                var report = TransferMatcher.match(Objects.requireNonNull(terms), evidence, policy.match());
                refuseUnlessMatching(report);
                var id = Ids.derivedId(IdPrefix.PAYMENT_INTENT, Instant.EPOCH, chain.chainId() + ":" + txHash);
                var create = new IntentCommand.Create(
                        id,
                        IdempotentIds.of(exchange, IdPrefix.COMMAND, now, "create"),
                        now,
                        Objects.requireNonNull(merchantRef),
                        terms);
                return confirm(
                        List.of(IntentRecords.envelope(create, null), confirmCommand(id, confirmId, now, evidence)));
            });
        });
    }

    /**
     * {@code {payToAddress, lookbackBlocks?}}: reads the transfers of the token to the address in the latest
     * {@code lookbackBlocks} blocks (at most, and by default, BILLING_USDT_POLL_BLOCKS) and confirms the open intents
     * they pay: 200 {@code {ok: true, payToAddress, fromBlock, toBlock, transactions, confirmed: [{intent, event}]}}.
     * In the sandbox nothing is read and every open intent of the address is paid exactly.
     */
    @PostMapping("/v1/payments/poll")
    public Mono<ObjectNode> poll(@RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            var fields = UsdtRequestFields.of(body);
            var payTo = fields.requiredAddress("payToAddress");
            int blocks =
                    fields.optionalInt("lookbackBlocks", 1, chain.pollBlocks()).orElse(chain.pollBlocks());
            return blocking(() -> transactions.recent(payTo, blocks)).flatMap(recent -> {
                var now = clock.instant();
                var poll = AddressBookRecords.envelope(
                        IdempotentIds.of(exchange, IdPrefix.COMMAND, now, "poll"),
                        payTo,
                        now,
                        null,
                        pollPayload(recent));
                return commands.poll(poll).map(outcomes -> pollAnswer(payTo, recent, outcomes));
            });
        });
    }

    private UsdtPollTransfers pollPayload(RecentTransfers recent) {
        return UsdtPollTransfers.newBuilder()
                .setSandbox(transactions.sandbox())
                .setFromBlock(recent.fromBlock())
                .setToBlock(recent.toBlock())
                .setObservations(recent.transactions().stream()
                        .map(MatchRecords::observation)
                        .toList())
                .build();
    }

    private static ObjectNode pollAnswer(String payTo, RecentTransfers recent, List<UsdtCommandOutcome> outcomes) {
        var answer = UsdtJson.object();
        answer.put("ok", true);
        answer.put("payToAddress", payTo);
        answer.put("fromBlock", recent.fromBlock());
        answer.put("toBlock", recent.toBlock());
        answer.put("transactions", recent.transactions().size());
        var confirmed = answer.putArray("confirmed");
        for (var outcome : outcomes) {
            var intent = outcome.getIntent();
            if (outcome.getAccepted() && intent != null && intent.getStatus().equals("confirmed")) {
                confirmed.add(Answers.confirmed(outcome));
            }
        }
        return answer;
    }

    private Mono<ObjectNode> confirm(List<UsdtIntentCommand> envelopes) {
        return commands.intent(envelopes).map(Answers::confirmed);
    }

    private static UsdtIntentCommand confirmCommand(
            String intentId, String commandId, Instant now, TxEvidence evidence) {
        return IntentRecords.envelope(new IntentCommand.Confirm(intentId, commandId, now, evidence), null);
    }

    /** A transaction that does not pay the terms given: 400 {@code {error, code, outcome}}, nothing created. */
    private static void refuseUnlessMatching(MatchReport report) {
        if (!report.ok()) {
            var code = Objects.requireNonNull(report.code());
            throw new UsdtApiException(
                    400,
                    code.wire(),
                    "Transaction " + report.txHash() + " does not pay these terms: "
                            + report.outcome().wire(),
                    null,
                    report.outcome().wire(),
                    null);
        }
    }

    private Mono<TxEvidence> evidence(String txHash) {
        return blocking(() -> transactions.evidence(txHash));
    }

    /** Reading the chain blocks: off the event loop, and an unreachable chain is 503 chain_unavailable. */
    private static <T> Mono<T> blocking(Callable<T> read) {
        return Mono.fromCallable(read)
                .subscribeOn(Schedulers.boundedElastic())
                .onErrorMap(ChainUnavailableException.class, Answers::chainUnavailable);
    }
}
