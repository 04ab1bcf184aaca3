package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.PAYMENT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.TransferVerified;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.errors.DeadLetterRecords;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/**
 * A record chain-indexer throws on, or cannot decode, is a bug: it goes to {@code chain.indexer-dlt} with its
 * original bytes and the reason, nothing is answered for it (no customer sees a bug as a failed payment), and the
 * task carries on with the next record.
 */
class ChainTopologyDeadLetterTest extends RelayedTopologyFixture {

    @Test
    void shouldDeadLetterAndAnswerNothingWhenTheRelayerAnswersAChargeWithATransferVerification() {
        // Given a result no charge can have: the relayer's bug, which used to reach the customer as RELAYER_ERROR
        var charge = ChainRequests.charge(1, Mode.TEST, null, null);
        var buggy = result(charge, new TransferVerified(TX, 1L, "0xabc"));

        // When it arrives, followed by a sound result of another charge on the same partition
        topology.relayerResults.pipeInput(INVOICE, buggy);
        var next = ChainRequests.charge(2, Mode.TEST, null, null);
        topology.relayerResults.pipeInput(INVOICE, result(next, new Executed(TX, null, null)));

        // Then the buggy one is dead-lettered as it was read and answered nowhere; the next one is answered
        var deadLetters = topology.deadLetters.readRecordsToList();
        assertThat(deadLetters).hasSize(1);
        var deadLetter = deadLetters.getFirst();
        assertThat(Topics.CHAIN_RESULTS
                        .valueSerde()
                        .deserializer()
                        .deserialize(Topics.CHAIN_RESULTS.name(Deployment.DEFAULT), deadLetter.value()))
                .isEqualTo(buggy);
        assertThat(new String(deadLetter.key(), StandardCharsets.UTF_8)).isEqualTo(INVOICE);
        assertThat(header(deadLetter.headers(), DeadLetterRecords.EXCEPTION_HEADER))
                .isEqualTo(IllegalStateException.class.getName());
        assertThat(header(deadLetter.headers(), DeadLetterRecords.NODE_HEADER))
                .isEqualTo(ChainTopology.RELAYED_RESULTS_PROCESSOR);
        assertThat(header(deadLetter.headers(), DeadLetterRecords.TOPIC_HEADER))
                .isEqualTo(Topics.CHAIN_RESULTS.name(Deployment.DEFAULT));
        var answers = topology.subscriptionResults.readValuesToList();
        assertThat(answers)
                .extracting(answer -> ((SettleCharge) answer.getPayload()).getAttemptId())
                .containsExactly(next.getRequestId());
        assertThat(topology.settled().get(charge.getRequestId())).isNull();
    }

    @Test
    void shouldDeadLetterAndAnswerNothingWhenTheRelayerAnswersAVerificationWithAnExecution() {
        var verify = ChainRequests.verify(PAYMENT, 1, Mode.TEST, TX);

        topology.relayerResults.pipeInput(PAYMENT, result(verify, new Executed(TX, null, null)));

        assertThat(topology.deadLetters.readRecordsToList()).hasSize(1);
        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldDeadLetterTheBytesOfARequestItCannotDecode() {
        // The driver decodes a record as it is enqueued and then clears its mock producer before the first commit,
        // which drops anything sent inside the still-open transaction under exactly-once; the app sends the dead
        // letter in the task's transaction like any output, so only this test runs at-least-once.
        topology.close();
        topology = new ChainTopologyDriver(
                stateDir,
                BOTH_CHAINS,
                AutoSettlementSettings.DEFAULTS,
                Map.of(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE));
        var bytes = "not avro".getBytes(StandardCharsets.UTF_8);

        topology.rawRequests.pipeInput(INVOICE, bytes);

        var deadLetters = topology.deadLetters.readRecordsToList();
        assertThat(deadLetters).hasSize(1);
        assertThat(deadLetters.getFirst().value()).isEqualTo(bytes);
        assertThat(header(deadLetters.getFirst().headers(), DeadLetterRecords.NODE_HEADER))
                .isEqualTo("deserialization");
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
    }

    @Test
    void shouldAnswerAMalformedRequestRatherThanDeadLetterIt() {
        // A request that breaks a rule is an answer (the deciders say why), not a bug
        var zeroAmount = ChainRequest.newBuilder(ChainRequests.charge(1, Mode.LIVE, null, null))
                .setAmountMicros(0)
                .build();

        topology.requests.pipeInput(INVOICE, zeroAmount);

        assertThat(topology.deadLetters.isEmpty()).isTrue();
        assertThat(((SettleCharge) topology.subscriptionResults.readValue().getPayload()).getFailureCode())
                .isEqualTo("RELAYER_ERROR");
    }

    private static String header(Headers headers, String name) {
        return new String(headers.lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
