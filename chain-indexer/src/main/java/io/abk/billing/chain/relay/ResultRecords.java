package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.chain.settlement.FundingAnswers;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.TransferVerified;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.errors.DeadLetterRecords;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;

/**
 * What the relayer writes for a request: its {@code ChainResult}, or the request itself as a dead letter, on the topics
 * of the relayer's deployment. A funding check's answer goes straight to its subscription's command topic
 * ({@code SettleFundingCheck}, with the request's {@code resultCommandId}): it moves nothing and needs no claim, and
 * the aggregate applies one answer however often a relayer that crashed writes it again.
 */
final class ResultRecords {

    private final String results;
    private final String deadLetters;
    private final String subscriptionCommands;

    ResultRecords(Deployment deployment) {
        this.results = Topics.CHAIN_RESULTS.name(deployment);
        this.deadLetters = Topics.CHAIN_DEAD_LETTERS.name(deployment);
        this.subscriptionCommands = Topics.SUBSCRIPTION_COMMANDS.name(deployment);
    }

    /** The result of {@code request}, keyed like it; a funding check's answer, keyed by its subscription. */
    ProducerRecord<byte[], byte[]> result(
            ConsumerRecord<String, ChainRequest> request, Instant executedAt, RelayOutcome outcome) {
        if (outcome instanceof RelayOutcome.FundingRead read) {
            return fundingAnswer(request.value(), read);
        }
        var topic = Topics.CHAIN_RESULTS;
        var result = new ChainResult(request.value(), executedAt, wire(outcome));
        return new ProducerRecord<>(
                results,
                topic.keySerde().serializer().serialize(results, request.key()),
                topic.valueSerde().serializer().serialize(results, result));
    }

    private ProducerRecord<byte[], byte[]> fundingAnswer(ChainRequest request, RelayOutcome.FundingRead read) {
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        var answer = FundingAnswers.answer(request, read.answer());
        return new ProducerRecord<>(
                subscriptionCommands,
                topic.keySerde().serializer().serialize(subscriptionCommands, answer.getSubscriptionId()),
                topic.valueSerde().serializer().serialize(subscriptionCommands, answer));
    }

    /** The request as it was read (encoded again: the consumer decoded it), with the bug in the headers. */
    ProducerRecord<byte[], byte[]> deadLetter(
            ConsumerRecord<String, ChainRequest> request, RelayOutcome.Bug bug, Mode mode) {
        var topic = Topics.CHAIN_REQUESTS;
        return DeadLetterRecords.of(
                deadLetters,
                request.headers(),
                request.topic(),
                request.partition(),
                request.offset(),
                topic.keySerde().serializer().serialize(request.topic(), request.key()),
                topic.valueSerde().serializer().serialize(request.topic(), request.value()),
                bug.cause(),
                "relayer-" + mode.label());
    }

    private static @Nullable Long gasUsed(@Nullable TransactionGas gas) {
        return gas == null ? null : gas.used();
    }

    private static @Nullable String gasCost(@Nullable TransactionGas gas) {
        return gas == null ? null : gas.costWeiDecimal();
    }

    private static Object wire(RelayOutcome outcome) {
        return switch (outcome) {
            case RelayOutcome.Moved moved -> new Executed(moved.txHash(), gasUsed(moved.gas()), gasCost(moved.gas()));
            case RelayOutcome.Refused refused ->
                new NotExecuted(refused.code(), refused.message(), gasUsed(refused.gas()), gasCost(refused.gas()));
            case RelayOutcome.Bug bug -> throw new IllegalArgumentException("a bug is dead-lettered, not answered");
            case RelayOutcome.FundingRead read ->
                throw new IllegalArgumentException("a funding check is answered to its subscription");
            case RelayOutcome.Verified verified ->
                new TransferVerified(verified.txHash(), verified.amountReceivedMicros(), verified.fromAddress());
        };
    }
}
