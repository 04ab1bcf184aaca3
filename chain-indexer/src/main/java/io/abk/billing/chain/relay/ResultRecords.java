package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.TransactionGas;
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
 * of the relayer's deployment.
 */
final class ResultRecords {

    private final String results;
    private final String deadLetters;

    ResultRecords(Deployment deployment) {
        this.results = Topics.CHAIN_RESULTS.name(deployment);
        this.deadLetters = Topics.CHAIN_DEAD_LETTERS.name(deployment);
    }

    /** The result of {@code request}, keyed like it. */
    ProducerRecord<byte[], byte[]> result(
            ConsumerRecord<String, ChainRequest> request, Instant executedAt, RelayOutcome outcome) {
        var topic = Topics.CHAIN_RESULTS;
        var result = new ChainResult(request.value(), executedAt, wire(outcome));
        return new ProducerRecord<>(
                results,
                topic.keySerde().serializer().serialize(results, request.key()),
                topic.valueSerde().serializer().serialize(results, result));
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
            case RelayOutcome.Verified verified ->
                new TransferVerified(verified.txHash(), verified.amountReceivedMicros(), verified.fromAddress());
        };
    }
}
